// Where one account's things live in the app's data folder: <area>/<service>/<user id>, the
// service named by its endpoint id made safe for a file name. The upload queue and the drafts
// use the same names, so an account's work is found again however its sign-in came back.
import path from 'node:path';

export function accountFolder(
  dataDir: string,
  area: 'uploads' | 'drafts',
  account: { endpoint: { id: string }; user: { id: number } },
): string {
  return path.join(dataDir, area, safeSegment(account.endpoint.id), String(account.user.id));
}

function safeSegment(text: string): string {
  return text.replace(/[^a-z0-9._-]+/gi, '_').slice(0, 80);
}
