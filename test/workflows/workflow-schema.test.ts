// No workflow can run on this machine, so every file in .github/workflows is checked against the
// GitHub Actions workflow schema offline (@action-validator/core: the schema is compiled into its
// WebAssembly, nothing is fetched), and the jobs that run the real Electron are checked to exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness/repo-paths';

const workflowsDir = join(repoRoot, '.github', 'workflows');
const workflows = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));

/**
 * The validator's schema (0.6.0, its newest release) predates the `attestations` permission that
 * storing a build provenance attestation needs, so those lines are left out of what it sees;
 * workflow-policy.test.ts checks every permission scope against GitHub's list instead.
 */
function withoutAttestationsPermission(text: string): string {
  return text.replace(/^[ \t]+attestations:[ \t]+(read|write|none)\b.*\n/gm, '');
}

describe('GitHub workflows', () => {
  it('are there', () => {
    expect(workflows).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(workflows)('%s follows the workflow schema', (name) => {
    const text = withoutAttestationsPermission(readFileSync(join(workflowsDir, name), 'utf8'));
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it('the check is real: a misspelt key and a job with no way to run are refused', () => {
    const broken = 'name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz:\n      - run: echo\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
    const noRunner = 'name: x\non: push\njobs:\n  a:\n    steps:\n      - run: echo\n';
    expect(validateWorkflow(noRunner).errors.length).toBeGreaterThan(0);
    const misspeltScope =
      'name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    permissions:\n      contentz: read\n    steps:\n      - run: echo\n';
    expect(validateWorkflow(withoutAttestationsPermission(misspeltScope)).errors.length).toBeGreaterThan(0);
  });

  it('ci.yml runs the end-to-end walk on the real Electron on macOS, Windows and Linux', () => {
    const ci = readFileSync(join(workflowsDir, 'ci.yml'), 'utf8');
    const start = ci.indexOf('\n  e2e-electron:');
    expect(start, 'a job named e2e-electron').toBeGreaterThan(-1);
    const job = ci.slice(start);
    expect(job).toMatch(/os: \[ubuntu-latest, macos-latest, windows-latest\]/);
    expect(job).toMatch(/SHOTPUT_E2E_RUNTIME: electron/);
    expect(job).toMatch(/vitest run test\/e2e\/walk\.test\.ts/);
    expect(job).toMatch(/node node_modules\/electron\/install\.js/);
  });
});
