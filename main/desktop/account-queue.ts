// Opening the signed-in account's upload queue for the desktop app: in its own folder of the data
// folder (uploads/<service>/<user id>, the CLI's layout), sending through the account's client,
// with the queue's events and the account's rate-limit budget handed to whoever opened it.
import { UploadQueue, accountQueueDir, imagePreparer, serviceAdapter } from '../uploads/index';
import type { JobEvent, UploadQueueOptions } from '../uploads/index';
import type { RateLimitView } from '../../common/contract/index';
import type { ActiveAccount } from './desktop-session';
import { rateLimitView } from './queue-view';

export interface OpenQueue {
  account: ActiveAccount;
  queue: UploadQueue;
  unsubscribe: () => void;
  /** The service refused the sign-in: the queue holds until the account signs in again (a new queue, new client). */
  signInRefused?: boolean;
}

export function openAccountQueue(
  options: {
    dataDir: string;
    queueOptions?: Partial<Omit<UploadQueueOptions, 'dataDir' | 'service' | 'preparer'>>;
  },
  account: ActiveAccount,
  listeners: {
    onEvent: (event: JobEvent) => void;
    onBudget: (view: RateLimitView) => void;
    /** The service stopped answering, answers again, or a request that failed has a new time to go again. */
    onReach: () => void;
  },
): OpenQueue {
  const owner = { service: account.endpoint.id, userId: account.user.id };
  const queue = UploadQueue.open({
    ...options.queueOptions,
    dataDir: accountQueueDir(options.dataDir, owner),
    owner,
    service: serviceAdapter(account.client),
    preparer: imagePreparer,
  });
  queue.on('event', listeners.onEvent);
  const offRate = account.client.governor.onState((state) => listeners.onBudget(rateLimitView(state)));
  const offReach = account.client.governor.reach.onChange(() => listeners.onReach());
  return {
    account,
    queue,
    unsubscribe: () => {
      queue.off('event', listeners.onEvent);
      offRate();
      offReach();
    },
  };
}
