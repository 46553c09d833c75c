// The GitHub workflows as text and as parsed YAML, for the tests that check their rules.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../e2e/harness/repo-paths';

// electron-updater's YAML reader (a production dependency); it has no type declarations of its own.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

export interface Job {
  name?: string;
  needs?: string | string[];
  permissions?: Permissions;
  uses?: string;
  env?: Record<string, string>;
  steps?: Step[];
}

/** `read-all`, `write-all`, `{}` or a map of scope to read / write / none. */
export type Permissions = string | Record<string, string>;

export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Permissions;
  jobs: Record<string, Job>;
}

export const workflowsDir = join(repoRoot, '.github', 'workflows');

export const workflowNames = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));

export function workflowText(name: string): string {
  return readFileSync(join(workflowsDir, name), 'utf8');
}

export function parseWorkflow(text: string): Workflow {
  return yaml.load(text) as Workflow;
}

/** The jobs a job waits for, directly or through others. */
export function neededBy(workflow: Workflow, jobName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    const needs = workflow.jobs[name]?.needs;
    for (const need of needs === undefined ? [] : [needs].flat()) {
      if (seen.has(need)) continue;
      seen.add(need);
      visit(need);
    }
  };
  visit(jobName);
  return seen;
}

/** The scopes a permissions block grants write on (write-all grants every one). */
export function writeScopes(permissions: Permissions | undefined): string[] {
  if (permissions === undefined) return [];
  if (typeof permissions === 'string') return permissions === 'write-all' ? ['*'] : [];
  return Object.entries(permissions)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope);
}
