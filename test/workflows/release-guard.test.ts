// No silent unsigned release: release.yml's first job refuses a tag build that lacks any signing
// secret, before anything is built or published; an unsigned build is made only when a person
// starts the workflow by hand and ticks unsigned-preview, and is then published as a pre-release
// titled unsigned. The guard's structure is read from the workflow, and its scripts are run here
// as the runner would run them (bash -eo pipefail), with a stand-in `gh` that records its calls.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness/repo-paths';
import { type Step, neededBy, parseWorkflow, workflowText, writeScopes } from './workflow-files';

const release = parseWorkflow(workflowText('release.yml'));
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

function step(job: string, find: (step: Step) => boolean): Step {
  const found = release.jobs[job]?.steps?.find(find);
  if (!found) throw new Error(`release.yml: no such step in job ${job}`);
  return found;
}

const signing = step('guard', (s) => s.id === 'signing');
const naming = step('guard', (s) => s.id === 'tag');
const checksums = step('publish', (s) => s.name === 'Checksums');
const upload = step('publish', (s) => s.name === 'Upload to the release');

/** The secrets the guard insists on: each passed to it as `${{ secrets.NAME != '' }}`. */
const checkedSecrets = Object.entries(signing.env ?? {})
  .filter(([name, value]) => value === `\${{ secrets.${name} != '' }}`)
  .map(([name]) => name);

const work = mkdtempSync(join(tmpdir(), 'shotput-release-guard-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Ran {
  status: number | null;
  stdout: string;
  outputs: Record<string, string>;
  ghCalls: string[];
}

let runs = 0;
/** Runs one step's script as GitHub's bash shell does, in a clean environment. */
function runStep(script: string, env: Record<string, string>, cwd = repoRoot): Ran {
  const dir = join(work, String(++runs));
  mkdirSync(join(dir, 'bin'), { recursive: true });
  const outputFile = join(dir, 'output');
  const ghLog = join(dir, 'gh.log');
  writeFileSync(outputFile, '');
  writeFileSync(ghLog, '');
  // `gh release view` answers "not found" so that the signed path creates its draft.
  const gh = `#!/usr/bin/env bash\nprintf '%s\\n' "$*" >> "${ghLog}"\n[ "$2" = view ] && exit 1\nexit 0\n`;
  writeFileSync(join(dir, 'bin', 'gh'), gh);
  chmodSync(join(dir, 'bin', 'gh'), 0o755);
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd,
    encoding: 'utf8',
    env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, GITHUB_OUTPUT: outputFile, ...env },
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const ghCalls = readFileSync(ghLog, 'utf8').split('\n').filter(Boolean);
  return { status: result.status, stdout: result.stdout + result.stderr, outputs, ghCalls };
}

const allSet = Object.fromEntries(checkedSecrets.map((name) => [name, 'true']));
const noneSet = Object.fromEntries(checkedSecrets.map((name) => [name, 'false']));

describe('release.yml refuses to publish unsigned on a tag', () => {
  it('starts on a version tag, or by hand with an unsigned-preview tick that is off by default', () => {
    expect(Object.keys(release.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(release.on.push).toEqual({ tags: ['v*'] });
    const inputs = (release.on.workflow_dispatch as { inputs: Record<string, Record<string, unknown>> }).inputs;
    expect(inputs['unsigned-preview']).toMatchObject({ type: 'boolean', default: false });
  });

  it('the guard checks every secret that signing uses on macOS and Windows', () => {
    const used = new Set<string>();
    for (const s of release.jobs.installers?.steps ?? [])
      for (const value of Object.values(s.env ?? {}))
        for (const m of value.matchAll(/secrets\.(\w+)/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThanOrEqual(12);
    expect(checkedSecrets.sort()).toEqual([...used].sort());
    for (const name of checkedSecrets) expect(signing.run).toContain(name);
  });

  it('every other job waits for the guard, so nothing is built, attested or published before it', () => {
    for (const name of Object.keys(release.jobs).filter((job) => job !== 'guard'))
      expect(neededBy(release, name), name).toContain('guard');
    const writers = Object.entries(release.jobs).filter(([, job]) => writeScopes(job.permissions).length > 0);
    expect(writers.map(([name]) => name)).toEqual(['publish']);
  });

  it('a signed build signs Windows with Azure Trusted Signing under our publisher, and checks both signatures', () => {
    const windows = step('installers', (s) => s.name === 'Package (Windows, signed)');
    expect(windows.if).toBe("runner.os == 'Windows' && env.MODE == 'signed'");
    for (const option of ['publisherName', 'endpoint', 'codeSigningAccountName', 'certificateProfileName'])
      expect(windows.run).toMatch(new RegExp(`-c\\.win\\.azureSignOptions\\.${option}="\\$\\w+"`));
    expect(step('installers', (s) => s.name === 'Check the signatures (Windows)').run).toMatch(
      /Get-AuthenticodeSignature[\s\S]*'Valid'[\s\S]*publisherName/,
    );
    expect(step('installers', (s) => s.name === 'Check the signatures (macOS)').run).toMatch(
      /codesign --verify[\s\S]*Developer ID Application[\s\S]*spctl --assess[\s\S]*stapler validate/,
    );
    const unsigned = step('installers', (s) => s.name === 'Package (macOS or Windows, unsigned preview)');
    expect(unsigned.if).toContain("env.MODE == 'unsigned'");
    expect(JSON.stringify(unsigned)).not.toContain('secrets.');
  });

  it('builds from the registry and the lockfile, never from a dependency cache another run wrote', () => {
    const setups = Object.values(release.jobs).flatMap((job) =>
      (job.steps ?? []).filter((s) => s.uses?.startsWith('actions/setup-node@')),
    );
    expect(setups.length).toBeGreaterThan(0);
    for (const setup of setups) {
      expect(setup.with?.cache).toBeUndefined();
      expect(setup.with?.['package-manager-cache']).toBe(false);
    }
  });

  it('the scripts run here read only their environment', () => {
    for (const s of [signing, naming, checksums, upload]) expect(s.run).not.toContain('${{');
  });

  describe.runIf(process.platform === 'linux')('run as on the runner', () => {
    it('a tag push without the secrets fails and names what is missing', () => {
      const ran = runStep(signing.run!, { EVENT: 'push', UNSIGNED_PREVIEW: '', ...noneSet });
      expect(ran.status).toBe(1);
      expect(ran.stdout).toMatch(/::error::A release is signed on macOS and Windows/);
      expect(ran.outputs.mode).toBeUndefined();
      const oneMissing = runStep(signing.run!, { EVENT: 'push', ...allSet, AZURE_CLIENT_SECRET: 'false' });
      expect(oneMissing.status).toBe(1);
      expect(oneMissing.stdout).toMatch(/not set: AZURE_CLIENT_SECRET\./);
    });

    it('only a run started by hand with the tick builds unsigned', () => {
      expect(runStep(signing.run!, { EVENT: 'push', UNSIGNED_PREVIEW: 'true', ...noneSet }).status).toBe(1);
      expect(runStep(signing.run!, { EVENT: 'workflow_dispatch', UNSIGNED_PREVIEW: 'false', ...noneSet }).status).toBe(
        1,
      );
      const preview = runStep(signing.run!, { EVENT: 'workflow_dispatch', UNSIGNED_PREVIEW: 'true', ...noneSet });
      expect(preview.status).toBe(0);
      expect(preview.outputs.mode).toBe('unsigned');
      const signed = runStep(signing.run!, { EVENT: 'push', UNSIGNED_PREVIEW: '', ...allSet });
      expect(signed.status).toBe(0);
      expect(signed.outputs.mode).toBe('signed');
    });

    it('a signed release is named after its tag; an unsigned preview is titled unsigned', () => {
      const signed = runStep(naming.run!, { MODE: 'signed', GITHUB_REF_TYPE: 'tag', GITHUB_REF_NAME: `v${version}` });
      expect(signed.outputs).toEqual({ tag: `v${version}`, title: `Shotput ${version}` });
      const wrongTag = runStep(naming.run!, { MODE: 'signed', GITHUB_REF_TYPE: 'tag', GITHUB_REF_NAME: 'v0.0.0-x' });
      expect(wrongTag.status).toBe(1);
      const preview = runStep(naming.run!, { MODE: 'unsigned', RUN_NUMBER: '42', GITHUB_REF_NAME: 'main' });
      expect(preview.outputs).toEqual({
        tag: `v${version}-unsigned.42`,
        title: `Shotput ${version} (unsigned preview)`,
      });
    });

    it('publishes a signed build as a draft, and an unsigned preview as a pre-release without update files', () => {
      const dist = join(work, 'release', 'dist');
      const files = [
        'Shotput-1.dmg',
        'Shotput-1-mac.zip',
        'Shotput-Setup-1.exe',
        'Shotput-1.AppImage',
        'shotput_1.deb',
      ];
      const fill = (): void => {
        rmSync(dist, { recursive: true, force: true });
        mkdirSync(dist, { recursive: true });
        for (const name of [...files, 'latest.yml', 'shotput-sbom.cdx.json']) writeFileSync(join(dist, name), name);
      };
      const cwd = join(work, 'release');
      const env = { GITHUB_SHA: 'c0ffee', TAG: 'v1', TITLE: 'Shotput 1' };

      fill();
      expect(runStep(checksums.run!, { MODE: 'signed' }, cwd).status).toBe(0);
      expect(readFileSync(join(dist, 'SHA256SUMS'), 'utf8').trim().split('\n')).toHaveLength(files.length + 1);
      const signed = runStep(upload.run!, { ...env, MODE: 'signed' }, cwd);
      expect(signed.status).toBe(0);
      expect(signed.ghCalls[1]).toMatch(/^release create v1 --draft --verify-tag /);
      expect(signed.ghCalls[2]).toMatch(/^release upload v1 .*dist\/latest\.yml .*dist\/SHA256SUMS --clobber$/);
      expect(signed.ghCalls.join('\n')).not.toContain('--prerelease');

      fill();
      expect(runStep(checksums.run!, { MODE: 'unsigned' }, cwd).status).toBe(0);
      const preview = runStep(upload.run!, { ...env, MODE: 'unsigned', TITLE: 'Shotput 1 (unsigned preview)' }, cwd);
      expect(preview.status).toBe(0);
      expect(preview.ghCalls).toHaveLength(1);
      expect(preview.ghCalls[0]).toMatch(
        /^release create v1 --target c0ffee --prerelease --title Shotput 1 \(unsigned preview\) /,
      );
      expect(preview.ghCalls[0]).not.toMatch(/--draft|latest\.yml/);
      expect(preview.ghCalls[0]).toContain('dist/SHA256SUMS');
    });
  });
});
