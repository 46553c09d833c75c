// What the shots, comments and popular handlers need from the signed-in session: the account's
// service client (undefined when signed out) and who the user is (to know which comments are theirs).
import type { AuthenticatedUser } from '../../service/resources';
import type { ServiceClient } from '../../service/service-client';

export interface ServiceAccess {
  client(): ServiceClient | undefined;
  /** `GET /v2/user` of the signed-in account. */
  user(client: ServiceClient): Promise<AuthenticatedUser>;
}

type UserSource = () => AuthenticatedUser | undefined | Promise<AuthenticatedUser | undefined>;

/**
 * Builds the access from a client getter and, when the session knows it, the signed-in user.
 * Without one (or before it is known) the user is asked for once per client and remembered.
 */
export function serviceAccess(client: () => ServiceClient | undefined, knownUser?: UserSource): ServiceAccess {
  const fetched = new WeakMap<ServiceClient, Promise<AuthenticatedUser>>();
  return {
    client,
    async user(current) {
      const known = await knownUser?.();
      if (known !== undefined) return known;
      let pending = fetched.get(current);
      if (pending === undefined) {
        pending = current.getUser();
        // A failed look-up is not remembered: the next request asks again.
        pending.catch(() => fetched.delete(current));
        fetched.set(current, pending);
      }
      return pending;
    },
  };
}
