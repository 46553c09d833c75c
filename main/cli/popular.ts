// `shotput popular`: the popular shots (only for applications the service approved for it).
import type { CliCommand } from './command';
import { EXIT_OK, UsageError } from './command';
import { openSession } from './session';
import { noteLocalLinks } from './messages';
import { PAGE_OPTIONS } from './options';
import { lookOf, parseCommandArgs, popularLine, positiveId, print, withSession } from './service-output';

export const popularCommand: CliCommand = {
  name: 'popular',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, PAGE_OPTIONS);
    if (positionals.length > 0) throw new UsageError('popular takes no arguments');
    const page = values.page === undefined ? undefined : positiveId(values.page, '--page');
    const perPage = values['per-page'] === undefined ? undefined : positiveId(values['per-page'], '--per-page');
    return withSession(
      () => openSession(ctx),
      async ({ client, service }) => {
        const result = await client.listPopularShots({ page, perPage }, { signal: ctx.signal });
        print(ctx, result.items, () =>
          result.items.length ? result.items.map((shot) => popularLine(shot, lookOf(ctx))) : ['No popular shots.'],
        );
        if (result.items.length > 0) noteLocalLinks(ctx, service);
        return EXIT_OK;
      },
    );
  },
};
