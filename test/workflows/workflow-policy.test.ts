// Rules every workflow keeps, since none of them can run here: each action is pinned to a full
// commit (a tag can be moved to other code after review; a commit cannot), with the tag it was
// taken from beside it, and no token is given write access by the workflow as a whole. Each job
// states its own permissions, and a job that can write runs no project code.
import { describe, expect, it } from 'vitest';
import { type Workflow, parseWorkflow, workflowNames, workflowText, writeScopes } from './workflow-files';

interface UsesLine {
  line: number;
  target: string;
  comment: string;
}

/** Every `uses:` line of a workflow's text (YAML drops the comments that carry the tags). */
function usesLines(text: string): UsesLine[] {
  return text.split('\n').flatMap((line, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*['"]?([^'"\s#]+)['"]?\s*(?:#\s*(.*))?$/.exec(line);
    return match ? [{ line: index + 1, target: match[1]!, comment: (match[2] ?? '').trim() }] : [];
  });
}

/** The `uses:` lines that are neither local nor pinned to a full commit with its tag beside it. */
function unpinned(text: string): string[] {
  return usesLines(text)
    .filter(({ target }) => !target.startsWith('./') && !target.startsWith('docker://'))
    .filter(({ target, comment }) => !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(target) || !/^v\d[\w.-]*$/.test(comment))
    .map(({ line, target, comment }) => `line ${line}: ${target}${comment ? ` # ${comment}` : ''}`);
}

function usesCount(workflow: Workflow): number {
  return Object.values(workflow.jobs).reduce(
    (count, job) => count + (job.uses ? 1 : 0) + (job.steps ?? []).filter((step) => step.uses).length,
    0,
  );
}

/** GitHub's permission scopes for GITHUB_TOKEN. */
const SCOPES = new Set([
  'actions',
  'attestations',
  'checks',
  'contents',
  'deployments',
  'discussions',
  'id-token',
  'issues',
  'models',
  'packages',
  'pages',
  'pull-requests',
  'repository-projects',
  'security-events',
  'statuses',
]);

function permissionProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  if (writeScopes(workflow.permissions).length > 0)
    problems.push(`the workflow grants write on ${writeScopes(workflow.permissions).join(', ')} to every job`);
  for (const [name, job] of Object.entries(workflow.jobs)) {
    if (job.permissions === undefined) {
      problems.push(`job ${name} states no permissions`);
      continue;
    }
    if (typeof job.permissions === 'string') {
      problems.push(`job ${name} asks for ${job.permissions} instead of naming scopes`);
      continue;
    }
    for (const [scope, level] of Object.entries(job.permissions)) {
      if (!SCOPES.has(scope)) problems.push(`job ${name}: ${scope} is not a permission scope`);
      if (!['read', 'write', 'none'].includes(level)) problems.push(`job ${name}: ${scope}: ${level}`);
    }
    if (writeScopes(job.permissions).length === 0) continue;
    const steps = job.steps ?? [];
    if (steps.some((step) => step.uses?.startsWith('actions/checkout@')))
      problems.push(`job ${name} can write and checks out the project`);
    if (steps.some((step) => /\b(npm|npx|node|tsx)\s/.test(step.run ?? '')))
      problems.push(`job ${name} can write and runs project code`);
  }
  return problems;
}

describe.each(workflowNames)('%s', (name) => {
  const text = workflowText(name);
  const workflow = parseWorkflow(text);

  it('pins every action to a full commit, with its tag in a comment', () => {
    expect(usesLines(text).length, 'every uses: is on a line of its own').toBe(usesCount(workflow));
    expect(unpinned(text)).toEqual([]);
  });

  it('grants no write permission workflow-wide, and each job only what it needs', () => {
    expect(permissionProblems(workflow)).toEqual([]);
  });
});

describe('the workflow rules are real checks', () => {
  const pinned = '      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1\n';

  it('a tag, a branch, a short commit or a commit without its tag is refused; a local action is not', () => {
    expect(unpinned(pinned)).toEqual([]);
    expect(unpinned('      - uses: ./.github/actions/setup\n')).toEqual([]);
    expect(unpinned('      - uses: actions/checkout@v4\n')).toHaveLength(1);
    expect(unpinned("      - uses: 'actions/setup-node@main' # v4\n")).toHaveLength(1);
    expect(unpinned('      - uses: actions/checkout@3d3c42e # v7.0.1\n')).toHaveLength(1);
    expect(unpinned('      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1\n')).toHaveLength(1);
  });

  it('a workflow-wide write, a job without permissions and a writing job that runs npm are refused', () => {
    const job = (permissions: string, run = 'echo hi') =>
      `  a:\n    runs-on: ubuntu-latest\n${permissions}    steps:\n      - run: ${run}\n`;
    const read = '    permissions:\n      contents: read\n';
    const write = '    permissions:\n      contents: write\n';
    const ok = parseWorkflow(`on: push\npermissions: {}\njobs:\n${job(read)}`);
    expect(permissionProblems(ok)).toEqual([]);
    const wide = parseWorkflow(`on: push\npermissions:\n  contents: write\njobs:\n${job(read)}`);
    expect(permissionProblems(wide)).toEqual(['the workflow grants write on contents to every job']);
    const writeAll = parseWorkflow(`on: push\npermissions: write-all\njobs:\n${job(read)}`);
    expect(permissionProblems(writeAll)).toHaveLength(1);
    expect(permissionProblems(parseWorkflow(`on: push\njobs:\n${job('')}`))).toEqual(['job a states no permissions']);
    expect(permissionProblems(parseWorkflow(`on: push\njobs:\n${job(write, 'npm ci')}`))).toEqual([
      'job a can write and runs project code',
    ]);
  });
});
