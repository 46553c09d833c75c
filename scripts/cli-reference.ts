// `npm run docs:cli`: writes the command reference of README.md from the CLI's definitions.
import { readFileSync, writeFileSync } from 'node:fs';
import { withReference } from '../main/cli/reference';

const file = new URL('../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8')));
