// The import rules lint enforces, proven on code that breaks them: the layer order of main/, and
// the renderer taking only types from the contract. Each case is linted in memory with the
// project's own eslint.config.js, as if the file sat at the given path.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness/repo-paths';

const eslint = new ESLint({ cwd: repoRoot });

/** The messages of one rule for `code` linted as the file at `path` (relative to the repository). */
async function complaints(path: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('layers of main/', () => {
  const layers = 'shotput/main-layers';

  it('refuses an import of a later layer, however deep the files sit', async () => {
    expect(
      await complaints(
        'main/service/probe.ts',
        "import { AccountManager } from '../auth/account-manager';\nexport { AccountManager };\n",
        layers,
      ),
    ).toEqual([expect.stringMatching(/^main\/service may not import main\/auth \('\.\.\/auth\/account-manager'\)/)]);
    expect(
      await complaints('main/images/deep/probe.ts', "export type { UploadJob } from '../../uploads/types';\n", layers),
    ).toHaveLength(1);
    expect(
      await complaints('main/uploads/probe.ts', "export const later = () => import('../desktop/desktop');\n", layers),
    ).toHaveLength(1);
    expect(
      await complaints(
        'main/cli.ts',
        "import type { Desktop } from './desktop/desktop';\nexport type { Desktop };\n",
        layers,
      ),
    ).toHaveLength(1);
  });

  it('refuses imports between the two folders of one layer', async () => {
    expect(
      await complaints(
        'main/desktop/probe.ts',
        "import { openSession } from '../cli/session';\nexport { openSession };\n",
        layers,
      ),
    ).toHaveLength(1);
  });

  it('asks for a new folder to be placed in the order', async () => {
    expect(
      await complaints(
        'main/reports/probe.ts',
        "import { ServiceClient } from '../service/service-client';\nexport { ServiceClient };\n",
        layers,
      ),
    ).toEqual([expect.stringMatching(/^main\/reports has no place in the layer order/)]);
  });

  it('lets a folder import itself, the layers below it, and what lies outside main/', async () => {
    const code = [
      "import { AccountManager } from '../../auth/account-manager';",
      "import { ServiceClient } from '../../service/service-client';",
      "import { prepare } from '../../images/index';",
      "import { UploadQueue } from '../../uploads/queue';",
      "import { Desktop } from '../../desktop/desktop';",
      "import { fail } from '../result';",
      "import { MAX_SHOT_TAGS } from '../../../common/service-rules';",
      'export { AccountManager, ServiceClient, prepare, UploadQueue, Desktop, fail, MAX_SHOT_TAGS };',
    ].join('\n');
    expect(await complaints('main/desktop/handlers/probe.ts', code, layers)).toEqual([]);
  });
});

describe('the renderer and the contract', () => {
  const restricted = '@typescript-eslint/no-restricted-imports';

  it('refuses a value from the contract and takes its types', async () => {
    expect(
      await complaints(
        'renderer/src/probe.ts',
        "import { ShotChangesSchema } from '../../common/contract/index';\nexport { ShotChangesSchema };\n",
        restricted,
      ),
    ).toEqual([expect.stringMatching(/only types from the contract/)]);
    expect(
      await complaints(
        'renderer/src/probe.ts',
        "import type { ShotView } from '../../common/contract/index';\nexport type { ShotView };\n",
        restricted,
      ),
    ).toEqual([]);
    expect(
      await complaints(
        'renderer/src/probe.ts',
        "import { MAX_SHOT_TAGS } from '../../common/service-rules';\nexport { MAX_SHOT_TAGS };\n",
        restricted,
      ),
    ).toEqual([]);
  });

  it('holds in Svelte components too', async () => {
    const component =
      '<script lang="ts">\n  import { MAX_SHOT_TAGS as limit } from \'../../common/contract/index\';\n</script>\n<p>{limit}</p>\n';
    expect(await complaints('renderer/src/views/probe.svelte', component, restricted)).toHaveLength(1);
  });
});

describe('sharp only in main/images', () => {
  const code = "import sharp from 'sharp';\nexport const pipeline = sharp;\n";

  it('refuses sharp anywhere else in main/, main/app included, and takes it in main/images', async () => {
    for (const path of ['main/desktop/probe.ts', 'main/app/probe.ts', 'main/uploads/probe.ts'])
      expect(await complaints(path, code, 'no-restricted-imports')).toEqual([
        expect.stringContaining("Only main/images/ may import 'sharp'"),
      ]);
    expect(await complaints('main/images/probe.ts', code, 'no-restricted-imports')).toEqual([]);
  });
});
