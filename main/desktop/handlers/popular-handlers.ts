// Popular shots are only for applications the service approved. The spec gives no way to ask, so
// the first list request decides: a 403 means "not approved". The answer is remembered per account
// (service address + user id) for the life of the process, so the tab does not flicker or re-ask.
import type { PopularShotView } from '../../../common/contract/index';
import { authorOf, countsOf, type PopularShot } from '../../service/resources';
import { isServiceError } from '../../service/service-error';
import type { RequestHandlers } from '../../../common/contract/index';
import { ok } from './result';
import type { ServiceAccess } from './service-access';
import { describeServiceFailure, withService } from '../../service/problem';

export const POPULAR_PER_PAGE = 24;

const listing = { doing: 'list popular shots', notFound: 'The service has no popular shots to show.' };

export function createPopularHandlers(
  access: ServiceAccess,
): Pick<RequestHandlers, 'popular.availability' | 'popular.list'> {
  const approvals = new Map<string, boolean>();

  return {
    'popular.availability': async () => {
      const client = access.client();
      // Signed out: there is nobody to ask for, and the tab stays hidden.
      if (client === undefined) return ok({ approved: false });
      try {
        const key = `${client.apiUrl}\u0000${(await access.user(client)).id}`;
        let approved = approvals.get(key);
        if (approved === undefined) {
          approved = await isApproved(() => client.listPopularShots({ perPage: 1 }));
          approvals.set(key, approved);
        }
        return ok({ approved });
      } catch (error) {
        return describeServiceFailure(
          error,
          { doing: 'find out whether popular shots are available', notFound: listing.notFound },
          client,
        );
      }
    },

    'popular.list': (payload) =>
      withService(access, listing, async (client) => {
        const page = await client.listPopularShots({ page: payload?.page ?? 1, perPage: POPULAR_PER_PAGE });
        return { shots: page.items.map(toPopularShotView), nextPage: page.nextPage };
      }),
  };
}

async function isApproved(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    if (isServiceError(error) && error.status === 403) return false;
    throw error;
  }
}

export function toPopularShotView(shot: PopularShot): PopularShotView {
  return {
    id: shot.id,
    title: shot.title,
    teaserUrl: shot.images.teaser,
    imageUrl: shot.images.hidpi ?? shot.images.normal,
    htmlUrl: shot.html_url,
    publishedAt: shot.published_at ?? null,
    counts: countsOf(shot),
    author: authorOf(shot),
  };
}
