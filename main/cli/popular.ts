// `shotput popular`: the popular shots (only for applications the service approved for it).
import type { CliCommand } from './command';
import { EXIT_OK, UsageError } from './command';
import { openSession } from './session';
import { noteLocalLinks } from './messages';
import { parseCommandArgs, popularLine, positiveId, print, withSession } from './service-output';

export const popularCommand: CliCommand = {
  name: 'popular',
  summary: 'List popular shots',
  usage: 'shotput popular [--page N] [--per-page N]',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, {
      page: { type: 'string' },
      'per-page': { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError('popular takes no arguments');
    const page = values.page === undefined ? undefined : positiveId(values.page, '--page');
    const perPage = values['per-page'] === undefined ? undefined : positiveId(values['per-page'], '--per-page');
    return withSession(
      () => openSession(ctx),
      async ({ client, service }) => {
        const result = await client.listPopularShots({ page, perPage }, { signal: ctx.signal });
        print(ctx, result.items, () => (result.items.length ? result.items.map(popularLine) : ['No popular shots.']));
        if (result.items.length > 0) noteLocalLinks(ctx, service);
        return EXIT_OK;
      },
    );
  },
};
