// The words both sides share are written once, in common/, and imported everywhere else: the job
// states and which of them are final, the input and paste types, the size options, the prepare
// choice, the shot's fields, and the title and tags schemas. Each pattern below is how a second
// copy would look; it may appear only in the one file that defines it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FailureCode } from '../../common/problem';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|svelte)$/.test(name) ? [full] : [];
  });
}

const files = ['main', 'common', 'preload', 'renderer/src'].flatMap((dir) => sources(path.join(root, dir)));

const vocabulary: { item: string; pattern: RegExp; home: string }[] = [
  { item: 'job states', pattern: /'queued',\s*'preparing',\s*'ready',\s*'uploading'/, home: 'common/job-states.ts' },
  {
    item: 'final job states',
    pattern: /'published',\s*'scheduled',\s*'failed',\s*'cancelled'/,
    home: 'common/job-states.ts',
  },
  { item: 'isFinal', pattern: /(?:function|const|let)\s+isFinal\b/, home: 'common/job-states.ts' },
  { item: 'waiting job states', pattern: /\[\s*'queued',\s*'preparing',\s*'ready'/, home: 'common/job-states.ts' },
  { item: 'input types', pattern: /extensions:\s*\[\s*'jpg'/, home: 'common/input-types.ts' },
  {
    item: 'paste types',
    pattern: /'image\/png',\s*'image\/jpeg'|'image\/jpeg':\s*'\.jpg'/,
    home: 'common/input-types.ts',
  },
  { item: 'size choices', pattern: /\[\s*'auto',\s*'400x300',\s*'800x600'\s*\]/, home: 'common/service-rules.ts' },
  { item: 'size options', pattern: /value[:=]\s*["']800x600["']/, home: 'common/prepare-choice.ts' },
  { item: 'fit choices', pattern: /\[\s*'cover',\s*'contain'\s*\]/, home: 'common/prepare-choice.ts' },
  {
    item: 'prepare choice',
    pattern: /^export (?:interface|type) PrepareChoice\b/m,
    home: 'common/prepare-choice.ts',
  },
  { item: 'shot metadata', pattern: /^export interface ShotMetadata\b/m, home: 'common/shot-metadata.ts' },
  { item: 'title schema', pattern: /minLength\(1, 'A shot needs a title\.'\)/, home: 'common/contract/base.ts' },
  { item: 'tags schema', pattern: /v\.array\(shotTag\)/, home: 'common/contract/base.ts' },
];

describe('shared vocabulary', () => {
  it.each(vocabulary)('$item is defined once, in $home', ({ pattern, home }) => {
    const found = files
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file).split(path.sep).join('/'));
    expect(found).toEqual([home]);
  });
});

describe('failure codes', () => {
  it('are a closed union: a check against a code that does not exist fails to compile', () => {
    const known: FailureCode[] = ['not-found', 'daily-cap', 'cancelled', 'image-corrupt', 'locked'];
    // @ts-expect-error 'not-fuond' is no failure code: a misspelt check in a view is a type error.
    const misspelt: FailureCode = 'not-fuond';
    expect(known).not.toContain(misspelt);
  });

  it("are kebab-case, one case for every code (the service's OAuth names are translated where they arrive)", () => {
    const union = readFileSync(path.join(root, 'common', 'problem.ts'), 'utf8');
    const codes = [...union.matchAll(/^\s*\| '([^']+)'$/gm)].map((match) => match[1]!);
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.filter((code) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(code))).toEqual([]);
  });
});
