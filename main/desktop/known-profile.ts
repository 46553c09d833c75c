// The profile the service last sent for an account (GET /v2/user), kept beside its drafts. A start
// while the service cannot be reached restores the saved sign-in with it instead of signing out:
// the designer's drafts and queue stay in sight, and the queue says when it tries again. Only the
// service refusing the token (a 401) signs out. The profile holds nothing secret (the token stays
// in the token store); it is removed with the sign-in.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { writeFileAtomically } from '../files/atomic-file';
import { AuthenticatedUserSchema, type AuthenticatedUser } from '../service/resources';
import { accountFolder } from './account-folder';

/** Whose profile: the service's endpoint id and the user's id. */
export interface ProfileOwner {
  endpoint: { id: string };
  user: { id: number };
}

/** What a saved sign-in knows of its user without the service: its id, handle and name. */
export interface SignInSummary {
  id: number;
  username: string;
  name: string;
}

function profileFile(dataDir: string, owner: ProfileOwner): string {
  return path.join(accountFolder(dataDir, 'profiles', owner), 'user.json');
}

/** Keeps what the window shows of the user and what the queue decides by (teams, pro), nothing more. */
export async function saveKnownProfile(dataDir: string, owner: ProfileOwner, user: AuthenticatedUser): Promise<void> {
  const { id, login, username, name, avatar_url, html_url, type, pro, can_upload_shot } = user;
  const teams = user.teams.map((team) => ({
    id: team.id,
    login: team.login,
    username: team.username,
    name: team.name,
  }));
  const kept = { id, login, username, name, avatar_url, html_url, type, pro, can_upload_shot, teams };
  await writeFileAtomically(profileFile(dataDir, owner), `${JSON.stringify(kept)}\n`);
}

/**
 * The last profile of this account, or one made of what its sign-in saved (a sign-in from before
 * profiles were kept, or a damaged file): its name and handle, and what the service assumes of a
 * user it says nothing more about (not pro, no teams).
 */
export async function knownProfile(
  dataDir: string,
  endpoint: { id: string },
  summary: SignInSummary,
): Promise<AuthenticatedUser> {
  try {
    const text = await readFile(profileFile(dataDir, { endpoint, user: summary }), 'utf8');
    const parsed = v.safeParse(AuthenticatedUserSchema, JSON.parse(text));
    if (parsed.success && parsed.output.id === summary.id) return parsed.output;
  } catch {
    // None kept yet, or unreadable: the sign-in's summary stands in.
  }
  return v.parse(AuthenticatedUserSchema, { id: summary.id, login: summary.username, name: summary.name });
}

export async function forgetKnownProfile(dataDir: string, owner: ProfileOwner): Promise<void> {
  await rm(path.dirname(profileFile(dataDir, owner)), { recursive: true, force: true });
}
