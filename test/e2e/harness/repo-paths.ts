// Paths the harness needs, from this file's place in the repository.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const outDir = join(repoRoot, 'out');
export const testResultsDir = join(repoRoot, 'test-results');
