// The README's command reference, written from the definitions (scripts/cli-reference.ts puts it
// between the markers; test/cli/cli-reference.test.ts fails when the README is not current).
import { definitions } from './definitions';
import { GLOBAL_OPTIONS } from './options';
import type { OptionSpecs } from './spec';
import { optionLabel, usageLines } from './spec';

export const REFERENCE_START = '<!-- cli-reference:start (written by npm run docs:cli; do not edit) -->';
export const REFERENCE_END = '<!-- cli-reference:end -->';

/** A table cell: pipes escaped, code in backticks. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${cell(text)}\``;

function optionTable(options: OptionSpecs): string[] {
  const rows = Object.entries(options);
  if (rows.length === 0) return [];
  return [
    '| Option | What it does |',
    '|---|---|',
    ...rows.map(([name, option]) => `| ${code(optionLabel(name, option))} | ${cell(option.summary)} |`),
    '',
  ];
}

export function commandReference(): string {
  const lines = ['### Global options', '', 'They may stand anywhere on the line.', '', ...optionTable(GLOBAL_OPTIONS)];
  for (const spec of definitions) {
    lines.push(`### shotput ${spec.name}`, '', `${spec.summary}.`, '', '```', ...usageLines(spec), '```', '');
    if (spec.actions) {
      lines.push(
        '| Action | What it does |',
        '|---|---|',
        ...spec.actions.map((a) => `| ${code(`${a.name}${a.args ? ` ${a.args}` : ''}`)} | ${cell(a.summary)} |`),
        '',
      );
    }
    lines.push(...optionTable(spec.options));
    for (const note of spec.notes ?? []) lines.push(note, '');
    if (spec.json) lines.push(`With \`--json\`: ${spec.json}.`, '');
    lines.push('Examples:', '', ...spec.examples.map((e) => `- ${code(e.line)}: ${e.summary}`), '');
  }
  return [REFERENCE_START, '', ...lines, REFERENCE_END].join('\n');
}

/** The README with its reference section replaced by the current one. */
export function withReference(readme: string): string {
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start === -1 || end === -1) throw new Error('README.md has no cli-reference markers');
  return `${readme.slice(0, start)}${commandReference()}${readme.slice(end + REFERENCE_END.length)}`;
}
