// `--team` as people type it: the team's id, login or name, as `whoami` shows them.
import { UsageError } from './command';
import { didYouMean } from './messages';
import { handleOf } from '../service/resources';

/** A team as the service sends it: known by `login` (or `username`, as the deployed service writes it in a shot). */
export interface TeamLike {
  id: number;
  login?: string;
  username?: string;
  name: string;
}

/** The id of the team meant by `typed` among the user's teams; a usage error naming them when none fits. */
export function resolveTeam(typed: string, teams: readonly TeamLike[]): number {
  const text = typed.trim();
  if (/^\d+$/.test(text)) {
    // An id is passed on as it is: the queue says clearly when the user is not on that team.
    const id = Number(text);
    if (id > 0) return id;
  }
  const wanted = text.toLowerCase();
  const found =
    teams.find((t) => handleOf(t).toLowerCase() === wanted) ?? teams.find((t) => t.name.toLowerCase() === wanted);
  if (found) return found.id;
  if (teams.length === 0) throw new UsageError(`--team ${typed}: you are not on any team`);
  const yours = teams.map(teamLabel).join(', ');
  throw new UsageError(
    `--team ${typed}: you are on no team with that login, name or id.${didYouMean(text, teams.map(handleOf))} Your teams: ${yours}`,
  );
}

/** `studio "Studio" (id 4)`: every way --team accepts a team. */
export function teamLabel(team: TeamLike): string {
  const login = handleOf(team);
  return team.name && team.name !== login ? `${login} "${team.name}" (id ${team.id})` : `${login} (id ${team.id})`;
}
