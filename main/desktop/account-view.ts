// What the renderer may know about the signed-in user (GET /v2/user), and the avatar as a small
// data: URL: the window's CSP loads no remote image, and the token never goes to the renderer.
import { canSchedule } from '../../common/service-rules';
import { preview } from '../images/index';
import { displayNameOf, handleOf } from '../service/resources';
import type { AuthenticatedUser } from '../service/resources';
import type { AccountView, ServiceChoice } from '../../common/contract/index';

const SCHEDULE_REASON = 'Scheduling is for pro accounts, teams and team members; this account publishes at once.';
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function accountView(
  user: AuthenticatedUser,
  context: {
    service: ServiceChoice;
    serviceLabel: string;
    scope: string;
    avatar: string | null;
    offlineSince: string | null;
  },
): AccountView {
  const schedule = canSchedule({ pro: user.pro, type: user.type ?? 'User', teams: user.teams });
  return {
    service: context.service,
    serviceLabel: context.serviceLabel,
    id: user.id,
    name: displayNameOf(user),
    username: handleOf(user),
    avatar: context.avatar,
    pro: user.pro,
    type: user.type ?? 'User',
    teams: (user.teams ?? []).map((team) => ({ id: team.id, name: team.name, login: handleOf(team) })),
    canUploadShot: user.can_upload_shot,
    canSchedule: schedule,
    scheduleReason: schedule ? null : SCHEDULE_REASON,
    scopes: context.scope.split(/[\s,]+/).filter(Boolean),
    htmlUrl: user.html_url && isWebAddress(user.html_url) ? user.html_url : null,
    offlineSince: context.offlineSince,
  };
}

/** The avatar as a 96-pixel data: URL, or null when there is none or it cannot be read. */
export async function fetchAvatar(
  url: string | null | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  if (!url || !isWebAddress(url)) return null;
  try {
    const response = await fetchImpl(url, { redirect: 'follow', signal: AbortSignal.timeout(8_000) });
    if (!response.ok) return null;
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > AVATAR_MAX_BYTES) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) return null;
    return (await preview(bytes, { maxSize: 96 })).dataUrl;
  } catch {
    return null;
  }
}

export function isWebAddress(url: string): boolean {
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
