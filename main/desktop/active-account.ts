// The signed-in account as the session holds it: its client for the service, the user GET /v2/user
// answered, and the view the window shows. The view is ready at once with the user's initial; the
// picture is fetched after, from the service's image host, which may be slow or blocked where the
// API is not (a proxy, a CDN's outage). Waiting for it held the sign-in, the queue and the drafts
// for up to the fetch's 8 s timeout, at every start.
import type { ServiceEndpoint } from '../auth/service-settings';
import type { AuthenticatedUser } from '../service/resources';
import type { ServiceClient } from '../service/service-client';
import type { AccountView, ServiceChoice } from '../../common/contract/index';
import { offlineSince } from './account-reach';
import { accountView, fetchAvatar } from './account-view';
import type { FoundAccount } from './saved-account';

export interface ActiveAccount {
  service: ServiceChoice;
  endpoint: ServiceEndpoint;
  client: ServiceClient;
  user: AuthenticatedUser;
  view: AccountView;
}

/**
 * The account found (a sign-in, a saved one the service accepts or did not answer for), shown with
 * its initial for now, and offline from the start when its service did not answer.
 */
export function activeAccount(found: FoundAccount & { service: ServiceChoice }): ActiveAccount {
  const { service, endpoint, client, user, scope } = found;
  const since = offlineSince(client.governor.reach);
  const view = accountView(user, { service, serviceLabel: endpoint.label, scope, avatar: null, offlineSince: since });
  return { service, endpoint, client, user, view };
}

/** The same account with its user as the service answered it again (teams, pro), its picture kept. */
export function withFresherUser(account: ActiveAccount, user: AuthenticatedUser): ActiveAccount {
  const { service, endpoint, view } = account;
  const scope = view.scopes.join(' ');
  return {
    ...account,
    user,
    view: accountView(user, {
      service,
      serviceLabel: endpoint.label,
      scope,
      avatar: view.avatar,
      offlineSince: view.offlineSince,
    }),
  };
}

/** The same account with its picture, arrived after its sign-in. */
export function withAvatar(account: ActiveAccount, avatar: string): ActiveAccount {
  return { ...account, view: { ...account.view, avatar } };
}

/** The same account, its service answering again (null) or not since the time given. */
export function withOffline(account: ActiveAccount, offlineSince: string | null): ActiveAccount {
  return { ...account, view: { ...account.view, offlineSince } };
}

/** The same account and user: what a late picture or a fresher user may still be shown for. */
export function sameAccount(a: ActiveAccount | undefined, b: ActiveAccount): a is ActiveAccount {
  return a !== undefined && a.service === b.service && a.user.id === b.user.id;
}

/** The account's picture as the view holds it (a small data: URL), or null when there is none. */
export function avatarOf(account: ActiveAccount, fetchImpl?: typeof fetch): Promise<string | null> {
  return fetchAvatar(account.user.avatar_url, fetchImpl);
}
