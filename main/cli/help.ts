// `shotput --help`, `shotput help CMD` and `shotput CMD --help`, written from the definitions.
import { definitions } from './definitions';
import { GLOBAL_OPTIONS } from './options';
import type { CommandSpec, OptionSpecs } from './spec';
import { optionLabel, usageLines } from './spec';

const GLOBAL_USAGE = 'Usage: shotput [global options] <command> [args]';

function table(rows: Array<[string, string]>, indent = '  '): string[] {
  const width = Math.min(34, Math.max(...rows.map(([left]) => left.length)));
  return rows.map(([left, right]) =>
    left.length > width
      ? `${indent}${left}\n${indent}${' '.repeat(width)}  ${right}`
      : `${indent}${left.padEnd(width)}  ${right}`,
  );
}

function optionRows(options: OptionSpecs): Array<[string, string]> {
  return Object.entries(options).map(([name, option]) => [optionLabel(name, option), option.summary]);
}

export function globalHelp(): string {
  return [
    GLOBAL_USAGE,
    '',
    'Commands:',
    ...table(definitions.map((spec) => [spec.name, spec.summary])),
    '',
    'Global options (anywhere on the line):',
    ...table(optionRows(GLOBAL_OPTIONS)),
    '',
    'With no --api, shotput starts the bundled sandbox service and signs in as its demo user.',
    "Run 'shotput help COMMAND' for a command's options and examples.",
  ].join('\n');
}

export function commandHelp(spec: CommandSpec): string {
  const usage = usageLines(spec);
  const lines = [`${spec.summary}.`, '', `Usage: ${usage[0]}`, ...usage.slice(1).map((line) => `       ${line}`)];
  if (spec.actions)
    lines.push(
      '',
      'Actions:',
      ...table(spec.actions.map((action) => [`${action.name}${action.args ? ` ${action.args}` : ''}`, action.summary])),
    );
  if (Object.keys(spec.options).length > 0) lines.push('', 'Options:', ...table(optionRows(spec.options)));
  for (const note of spec.notes ?? []) lines.push('', note);
  if (spec.json) lines.push('', `With --json: ${spec.json}.`);
  lines.push('', 'Examples:', ...spec.examples.flatMap((example) => [`  ${example.line}`, `      ${example.summary}`]));
  lines.push('', "Global options (--api, --json, --data-dir, …): see 'shotput --help'.");
  return lines.join('\n');
}

/** The one usage line printed under a usage error. */
export function shortUsage(spec: CommandSpec): string {
  const usage = usageLines(spec);
  return [
    'Usage: ' + usage[0],
    ...usage.slice(1).map((line) => `       ${line}`),
    `Run 'shotput help ${spec.name}' for more.`,
  ].join('\n');
}
