// drafts.*, images.preview and queue.*: files become drafts (previews stream as drafts.changed),
// drafts become jobs of the signed-in account's queue, and the queue is paused, retried,
// cancelled and looked at. The published shot opens in the system browser.
import { notGrantedDrafts } from '../path-grants';
import type { EnqueueRequest, RequestHandlers, Result } from '../../../common/contract/index';
import { checkEnqueueItems } from './enqueue-checks';
import { fail, ok } from './result';
import type { EngineHandlerContext } from './handler-context';
import { answer } from './refusal';

type UploadRequests =
  | 'drafts.add'
  | 'drafts.pick'
  | 'drafts.pickFolder'
  | 'drafts.takeOpened'
  | 'drafts.paste'
  | 'drafts.list'
  | 'drafts.remove'
  | 'drafts.setPrepare'
  | 'drafts.edit'
  | 'images.preview'
  | 'drafts.estimate'
  | 'drafts.cancelPrepare'
  | 'drafts.strip'
  | 'queue.enqueue'
  | 'queue.list'
  | 'queue.pauseAll'
  | 'queue.resumeAll'
  | 'queue.retry'
  | 'queue.queueNewVersion'
  | 'queue.cancel'
  | 'queue.remove'
  | 'queue.clearFinished'
  | 'queue.openShot';

/** A request a newer one of its kind may end: the ended one answers cancelled instead of throwing. */
async function replaceable<T>(kind: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError')
      return fail('cancelled', `A newer ${kind} replaced this one.`);
    throw error;
  }
}

export function createUploadHandlers(context: EngineHandlerContext): Pick<RequestHandlers, UploadRequests> {
  const { drafts, uploads, grants } = context;
  const addGiven = async (paths: string[]) => {
    grants.grant(paths);
    return paths.length === 0 ? { drafts: [], problems: [] } : drafts.add(paths);
  };
  return {
    // Paths come from the window: only those the user dropped or picked are opened, by their real
    // path, and none through a link that leads out of what was granted.
    'drafts.add': async ({ paths }) => {
      const reals = await grants.realCoveredAll(paths);
      return reals ? answer(() => drafts.add(reals)) : fail('not-granted', notGrantedDrafts);
    },
    // What the pickers return and what the OS opened with Shotput were given by the user: granted, then added as a drop is.
    'drafts.pick': () => answer(async () => addGiven(await context.pickPaths('images'))),
    'drafts.pickFolder': () => answer(async () => addGiven(await context.pickPaths('image-folder'))),
    'drafts.takeOpened': () => answer(async () => addGiven(await context.takeOpenedFiles())),
    'drafts.paste': ({ name, type, dataBase64 }) =>
      answer(() => drafts.addPasted(name, type, Buffer.from(dataBase64, 'base64'))),
    // Once the drafts of the account the engine starts in are back (drafts.settled).
    'drafts.list': async () => {
      await drafts.settled;
      return ok(drafts.list());
    },
    'drafts.remove': ({ ids }) => {
      drafts.remove(ids);
      return ok(null);
    },
    'drafts.setPrepare': ({ ids, prepare }) => {
      drafts.setPrepare(ids, prepare);
      return ok(null);
    },
    // A newer preview or estimate of the same draft ends this one: said as cancelled, which the editor ignores.
    'images.preview': ({ draftId, prepare }) =>
      replaceable('preview', () => answer(() => drafts.finalPreview(draftId, prepare))),
    'drafts.estimate': ({ draftId, prepare }) =>
      replaceable('estimate', () => answer(async () => (await drafts.estimate(draftId, prepare)) ?? null)),
    'drafts.cancelPrepare': ({ draftId }) => ok({ prepare: drafts.cancelPrepare(draftId) ?? null }),
    'drafts.strip': ({ draftId, count }) => answer(async () => ({ frames: await drafts.strip(draftId, count) })),
    'drafts.edit': ({ edits }) => {
      drafts.setWords(edits);
      return ok(null);
    },
    // Each draft is checked on its own: the valid ones are queued, each refused one says why on its card.
    'queue.enqueue': async ({ items, spacing }) => {
      const account = context.session.account();
      if (!account) return fail('signed-out', 'Sign in to upload: the queue belongs to the signed-in account.');
      if (spacing && !account.view.canSchedule)
        return fail(
          'cannot-schedule',
          `${account.view.scheduleReason ?? 'This account cannot schedule shots.'} Choose "Publish now".`,
        );
      const { valid, refused } = checkEnqueueItems(items as EnqueueRequest[], account.view);
      if (valid.length === 0) return ok(refused);
      const queued = await uploads.enqueueDrafts(drafts, valid, spacing);
      if (!queued.ok) return queued;
      const answers = new Map([...queued.value, ...refused].map((answer) => [answer.draftId, answer]));
      return ok(items.flatMap((item) => answers.get(item.draftId) ?? []));
    },
    // Once the queue of the account the engine starts in is open (uploads.settled).
    'queue.list': async () => {
      await uploads.settled;
      return ok(uploads.view());
    },
    'queue.pauseAll': () => uploads.pauseAll(),
    'queue.resumeAll': () => uploads.resumeAll(),
    'queue.retry': ({ id }) => uploads.retry(id),
    'queue.queueNewVersion': ({ id }) => uploads.queueNewVersion(id),
    'queue.cancel': ({ id }) => uploads.cancel(id),
    'queue.remove': ({ id }) => uploads.remove(id),
    'queue.clearFinished': () => uploads.clearFinished(),
    'queue.openShot': async ({ id }) => {
      const address = await uploads.shotAddress(id);
      if (!address.ok) return address;
      return answer(async () => {
        await context.openExternal(address.value);
        return null;
      });
    },
  };
}
