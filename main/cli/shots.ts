// `shotput shots list|show ID|update ID [...]|delete ID`: the signed-in user's shots.
import { MAX_SHOT_TAGS, tooManyTags } from '../../common/service-rules';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError } from './command';
import { didYouMean, noteLocalLinks, pagePastEnd } from './messages';
import { confirmed, ensureAskable } from './confirm';
import { definitionOf } from './definitions';
import type { SHOTS_OPTIONS } from './options';
import { actionOptions } from './spec';
import { openSession } from './session';
import { resolveTeam } from './team-choice';
import { accountQueueDir, noteDeletedShot } from '../uploads/index';
import { sessionOwner } from './upload-session';
import { terminalText } from './terminal-text';
import { lookOf, parseCommandArgs, positiveId, print, shotDetails, shotLine, withSession } from './service-output';
import type { ShotChanges } from '../service/service-client';
import { operations } from '../service/problem';

const SHOTS_SPEC = definitionOf('shots')!;
const LIST = actionOptions(SHOTS_SPEC, 'list') as Pick<typeof SHOTS_OPTIONS, 'all' | 'page' | 'per-page'>;
const UPDATE = actionOptions(SHOTS_SPEC, 'update') as Pick<
  typeof SHOTS_OPTIONS,
  'title' | 'description' | 'tags' | 'team' | 'no-team' | 'low-profile' | 'no-low-profile' | 'schedule'
>;
const DELETE = actionOptions(SHOTS_SPEC, 'delete') as Pick<typeof SHOTS_OPTIONS, 'yes'>;

export const shotsCommand: CliCommand = {
  name: 'shots',
  async run(args, ctx) {
    const [action, ...rest] = args;
    if (action === 'list') return list(rest, ctx);
    if (action === 'show') return show(rest, ctx);
    if (action === 'update') return update(rest, ctx);
    if (action === 'delete') return remove(rest, ctx);
    throw new UsageError(
      action
        ? `there is no shots action "${action}".${didYouMean(action, ['list', 'show', 'update', 'delete'])}`
        : 'shots needs an action: list, show, update or delete',
    );
  },
};

async function list(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, LIST);
  if (positionals.length > 0) throw new UsageError('shots list takes no arguments');
  if (values.all && values.page) throw new UsageError('--all and --page do not go together');
  const page = values.page === undefined ? undefined : positiveId(values.page, '--page');
  const perPage = values['per-page'] === undefined ? undefined : positiveId(values['per-page'], '--per-page');
  return withSession(
    () => openSession(ctx),
    async ({ client }) => {
      const result = await client.listUserShots({ all: values.all, page, perPage }, { signal: ctx.signal });
      // An empty page after the first is past the end, which is not the same as having no shots.
      const total =
        result.items.length === 0 && (page ?? 1) > 1
          ? (await client.listUserShots({ all: true }, { signal: ctx.signal })).items.length
          : 0;
      print(ctx, result.items, () => {
        const empty = total > 0 ? pagePastEnd(page!, total, perPage ?? 30) : 'No shots yet.';
        const lines = result.items.length ? result.items.map((shot) => shotLine(shot, lookOf(ctx))) : [empty];
        if (result.nextPage) lines.push(`More: shotput shots list --page ${result.nextPage} (or --all)`);
        return lines;
      });
      return EXIT_OK;
    },
  );
}

async function show(args: string[], ctx: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {});
  if (positionals.length !== 1) throw new UsageError('shots show needs one shot ID');
  const id = positiveId(positionals[0], 'the shot ID');
  return withSession(
    () => openSession(ctx),
    async ({ client, service }) => {
      const shot = await client.getShot(id, { signal: ctx.signal });
      print(ctx, shot, () => shotDetails(shot, lookOf(ctx)));
      noteLocalLinks(ctx, service);
      return EXIT_OK;
    },
  );
}

async function update(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, UPDATE);
  if (positionals.length !== 1) throw new UsageError('shots update needs one shot ID');
  const id = positiveId(positionals[0], 'the shot ID');
  const changes = shotChanges(values);
  const teamByName = values.team !== undefined && changes.teamId === undefined ? values.team : undefined;
  if (Object.keys(changes).length === 0)
    throw new UsageError(
      'shots update needs at least one change (--title, --description, --tags, --team, --no-team, --low-profile, --no-low-profile, --schedule)',
    );
  return withSession(
    () => openSession(ctx),
    async ({ client, user, service }) => {
      if (teamByName !== undefined) changes.teamId = resolveTeam(teamByName, user.teams);
      const shot = await client.updateShot(id, changes, { signal: ctx.signal });
      print(ctx, shot, () => [`Updated shot ${shot.id}.`, ...shotDetails(shot, lookOf(ctx))]);
      noteLocalLinks(ctx, service);
      return EXIT_OK;
    },
  );
}

async function remove(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, DELETE);
  if (positionals.length !== 1) throw new UsageError('shots delete needs one shot ID');
  const id = positiveId(positionals[0], 'the shot ID');
  ensureAskable(ctx, values.yes, `shots delete ${id}`);
  return withSession(
    () => openSession(ctx),
    async (session) => {
      const { client } = session;
      if (!values.yes) {
        // Named by its title, so the question is about the shot the user means.
        const shot = await client.getShot(id, { signal: ctx.signal });
        if (!(await confirmed(ctx, false, `Delete shot ${id} “${terminalText(shot.title)}”`, `shots delete ${id}`)))
          return EXIT_FAILURE;
      }
      // Gone before this command: said as the failure it is for a terminal (exit 1), in the desktop's words.
      if ((await client.deleteShot(id, { signal: ctx.signal })) === 'already-gone')
        throw new Error(operations.deleteShot(id).notFound);
      // The account's queue in this data folder may upload the same content again.
      noteDeletedShot(accountQueueDir(ctx.globals.dataDir, sessionOwner(session)), id);
      print(ctx, { deleted: id }, () => `Deleted shot ${id}.`);
      return EXIT_OK;
    },
  );
}

type UpdateValues = {
  title?: string;
  description?: string;
  tags?: string;
  team?: string;
  'no-team'?: boolean;
  'low-profile'?: boolean;
  'no-low-profile'?: boolean;
  schedule?: string;
};

/** Turns the update flags into changes, refusing contradictions before anything is sent. */
export function shotChanges(values: UpdateValues): ShotChanges {
  const changes: ShotChanges = {};
  if (values.title !== undefined) changes.title = values.title;
  if (values.description !== undefined) changes.description = values.description;
  if (values.tags !== undefined) {
    const tags = values.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (tags.length > MAX_SHOT_TAGS) throw new UsageError(tooManyTags(tags.length));
    changes.tags = tags;
  }
  if (values.team !== undefined && values['no-team']) throw new UsageError('--team and --no-team do not go together');
  // A login or name is turned into the team's id once the user's teams are known (update()).
  if (values.team !== undefined)
    changes.teamId = /^\d+$/.test(values.team.trim()) ? positiveId(values.team.trim(), '--team') : undefined;
  if (values['no-team']) changes.teamId = null;
  if (values['low-profile'] && values['no-low-profile'])
    throw new UsageError('--low-profile and --no-low-profile do not go together');
  if (values['low-profile']) changes.lowProfile = true;
  if (values['no-low-profile']) changes.lowProfile = false;
  if (values.schedule !== undefined) {
    const when = Date.parse(values.schedule);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.schedule) || Number.isNaN(when))
      throw new UsageError(`--schedule needs an ISO 8601 time such as 2030-01-31T09:00:00Z, not "${values.schedule}"`);
    changes.scheduledFor = new Date(when).toISOString();
  }
  return changes;
}
