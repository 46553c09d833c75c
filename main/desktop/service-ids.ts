// The desktop's two services (the bundled sandbox, the real service) as the auth layer names them:
// the endpoint to sign in to and the id their accounts are filed under.
import { REAL_SERVICE_ID, SANDBOX_SERVICE_ID, serviceIdForApi } from '../auth/service-settings';
import type { ServiceChoice as EndpointChoice } from '../auth/service-settings';
import type { ServiceChoice } from '../../common/contract/index';

/** Where "the real service" is, when not its public addresses (tests point it at a second sandbox). */
export type RealServiceOverride = { apiUrl: string; authUrl: string } | undefined;

export function endpointChoice(
  service: ServiceChoice,
  realClientId: string | null | undefined,
  real: RealServiceOverride,
): EndpointChoice {
  if (service === 'sandbox') return { kind: 'sandbox' };
  const clientId = realClientId ?? '';
  return real ? { kind: 'custom', apiUrl: real.apiUrl, authUrl: real.authUrl, clientId } : { kind: 'real', clientId };
}

/** The id accounts of a service are filed under (main/auth/service-settings). */
export function serviceIdOf(service: ServiceChoice, real: RealServiceOverride): string {
  if (service === 'sandbox') return SANDBOX_SERVICE_ID;
  return real ? serviceIdForApi(real.apiUrl) : REAL_SERVICE_ID;
}

/** Which of the app's services an account id belongs to. */
export function serviceOf(serviceId: string, real: RealServiceOverride): ServiceChoice | undefined {
  if (serviceId === serviceIdOf('sandbox', real)) return 'sandbox';
  return serviceId === serviceIdOf('real', real) ? 'real' : undefined;
}
