// The SBOM attached to each release (`npm run sbom`, CycloneDX JSON) is made from package-lock.json
// alone, offline, and lists exactly what the installed app carries: every production dependency
// and everything they pull in, at the locked versions, and none of the tools that only build it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness/repo-paths';

interface LockEntry {
  name?: string;
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

interface Bom {
  bomFormat: string;
  specVersion: string;
  metadata: { component: { name: string; version: string } };
  components: { group?: string; name: string; version: string; purl: string }[];
}

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** name@version of every package the lockfile installs for production, optional ones included. */
function productionClosure(): Set<string> {
  const closure = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev || entry.devOptional || entry.link) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    closure.add(`${name}@${entry.version}`);
  }
  return closure;
}

const dir = mkdtempSync(join(tmpdir(), 'shotput-sbom-'));
let bom: Bom;
let listed: Set<string>;

beforeAll(() => {
  // The `sbom` script as written, with its output here; npm is told it is offline, so a generator
  // that reached for the registry would fail.
  const [command, ...args] = packageJson.scripts.sbom!.split(/\s+/);
  expect(command).toBe('cyclonedx-npm');
  const output = join(dir, 'sbom.cdx.json');
  const at = args.indexOf('--output-file');
  expect(at, 'the script names its output file').toBeGreaterThan(-1);
  args[at + 1] = output;
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules', '@cyclonedx', 'cyclonedx-npm', 'bin', 'cyclonedx-npm-cli.js'), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, npm_config_offline: 'true', NODE_ENV: '' },
      stdio: 'pipe',
      timeout: 30_000,
    },
  );
  bom = JSON.parse(readFileSync(output, 'utf8')) as Bom;
  listed = new Set(bom.components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`));
}, 40_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the release SBOM', () => {
  it('is CycloneDX JSON about this version of Shotput', () => {
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(Number(bom.specVersion)).toBeGreaterThanOrEqual(1.5);
    expect(bom.metadata.component).toMatchObject({ name: 'shotput', version: packageJson.version });
  });

  it('lists every production dependency at its locked version, and what they pull in', () => {
    for (const [name, version] of Object.entries(packageJson.dependencies))
      expect(listed).toContain(`${name}@${version}`);
    const closure = productionClosure();
    expect(closure.size).toBeGreaterThan(Object.keys(packageJson.dependencies).length);
    expect([...closure].filter((entry) => !listed.has(entry))).toEqual([]);
    for (const c of bom.components) expect(c.purl).toMatch(/^pkg:npm\//);
  });

  it('lists none of the tools that only build or test the app', () => {
    for (const name of ['electron', 'electron-builder', 'vitest', 'typescript-eslint', '@cyclonedx/cyclonedx-npm'])
      expect([...listed].filter((entry) => entry.startsWith(`${name}@`))).toEqual([]);
  });
});
