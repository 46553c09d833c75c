// Where one account's things live in the app's data folder: <area>/<service>/<user id>. The
// upload queue's folder is named by the uploads layer (accountQueueDir, shared with the CLI); the
// drafts and the last profile the service sent use the same service segment, so an account's work
// is found again however its sign-in came back.
import path from 'node:path';
import { serviceSegment } from '../uploads/index';

export function accountFolder(
  dataDir: string,
  area: 'drafts' | 'profiles',
  account: { endpoint: { id: string }; user: { id: number } },
): string {
  return path.join(dataDir, area, serviceSegment(account.endpoint.id), String(account.user.id));
}
