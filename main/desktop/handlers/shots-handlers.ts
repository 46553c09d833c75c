// My shots: the signed-in user's shots, one page at a time; edit and delete. Payloads were
// validated by the IPC layer; these only talk to the service and turn failures into sentences.
import type { ShotChanges, ShotView } from '../../../common/contract/index';
import { countsOf, type Shot } from '../../service/resources';
import type { ShotChanges as ServiceShotChanges } from '../../service/service-client';
import type { RequestHandlers } from '../../../common/contract/index';
import { fail } from './result';
import type { ServiceAccess } from './service-access';
import { operations, withService } from '../../service/problem';

/** A page of a designer's grid; small enough to show quickly, large enough to rarely page. */
export const SHOTS_PER_PAGE = 24;

/** `onDeleted` lets the upload queue forget a deleted shot's content, so it may be uploaded again. */
export function createShotsHandlers(
  access: ServiceAccess,
  onDeleted: (id: number) => void = () => undefined,
): Pick<RequestHandlers, 'shots.list' | 'shots.get' | 'shots.update' | 'shots.delete'> {
  return {
    'shots.list': (payload) =>
      withService(access, operations.listUserShots(), async (client) => {
        const page = await client.listUserShots({ page: payload?.page ?? 1, perPage: SHOTS_PER_PAGE });
        return { shots: page.items.map(toShotView), nextPage: page.nextPage };
      }),

    'shots.get': ({ id }) =>
      withService(access, operations.getShot(id), async (client) => toShotView(await client.getShot(id))),

    'shots.update': async ({ id, changes }) => {
      const action = operations.updateShot(id);
      if (changes.scheduledFor !== undefined) {
        // The service only reschedules shots that are not yet published: say so before trying.
        const current = await withService(access, action, (client) => client.getShot(id));
        if (!current.ok) return current;
        if (current.value.published_at) {
          return fail(
            'already-published',
            'This shot is already published, so it cannot be rescheduled. Save the other changes without a new time.',
          );
        }
      }
      return withService(access, action, async (client) =>
        toShotView(await client.updateShot(id, toServiceChanges(changes))),
      );
    },

    'shots.delete': ({ id }) => {
      const operation = operations.deleteShot(id);
      return withService(access, operation, async (client) => {
        if ((await client.deleteShot(id)) === 'already-gone') return { alreadyGone: operation.notFound };
        onDeleted(id);
        return { alreadyGone: null };
      });
    },
  };
}

export function toShotView(shot: Shot): ShotView {
  return {
    id: shot.id,
    title: shot.title,
    descriptionHtml: shot.description ?? null,
    teaserUrl: shot.images.teaser,
    imageUrl: shot.images.hidpi ?? shot.images.normal,
    htmlUrl: shot.html_url,
    width: shot.width,
    height: shot.height,
    animated: shot.animated,
    publishedAt: shot.published_at ?? null,
    scheduledFor: shot.published_at ? null : (shot.scheduled_for ?? null),
    tags: [...shot.tags],
    team: shot.team ? { id: shot.team.id, name: shot.team.name } : null,
    lowProfile: shot.low_profile,
    counts: countsOf(shot),
  };
}

function toServiceChanges(changes: ShotChanges): ServiceShotChanges {
  const result: ServiceShotChanges = {};
  if (changes.title !== undefined) result.title = changes.title.trim();
  if (changes.description !== undefined) result.description = changes.description;
  if (changes.tags !== undefined) result.tags = changes.tags.map((tag) => tag.trim());
  if (changes.teamId !== undefined) result.teamId = changes.teamId;
  if (changes.lowProfile !== undefined) result.lowProfile = changes.lowProfile;
  if (changes.scheduledFor !== undefined) result.scheduledFor = new Date(changes.scheduledFor).toISOString();
  return result;
}
