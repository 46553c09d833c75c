// The shape of a command's definition. One definition per command (definitions.ts) drives the
// option parser, `--help` and `help CMD`, the README's command reference and shell completion, so
// none of them can drift from the others. This module and definitions.ts import nothing heavy:
// `shotput --help` reads them without loading sharp, the queue or the sandbox.

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** What the value stands for in usage lines (`--title T`). */
  value?: string;
  /** The only values accepted: listed in help and offered by shell completion. */
  choices?: readonly string[];
  summary: string;
  /** What completion offers for the value: a file or a folder name. */
  complete?: 'file' | 'dir';
  /** Shown without brackets in usage: the command cannot run without it. */
  required?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface ExampleSpec {
  line: string;
  summary: string;
}

/** One verb of a command with verbs (`shots list`, `queue retry ID`). */
export interface ActionSpec {
  name: string;
  /** Operands after the verb, as in usage (`ID`, `ID BODY`). */
  args?: string;
  summary: string;
  /** Option names (keys of the command's options) this verb takes. */
  options?: readonly string[];
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Operands before the verb or of a command without verbs (`FILE...`, `SHOT`). */
  args?: string;
  actions?: readonly ActionSpec[];
  options: OptionSpecs;
  /** What completion offers for operands. */
  operands?: 'file' | 'dir' | 'none';
  /** Sentences printed under the usage in help and the reference. */
  notes?: readonly string[];
  /** What `--json` prints: a document, or JSON lines (a stream). */
  json?: string;
  examples: readonly ExampleSpec[];
}

/** `[--title T]`, `[--force]`, `[--size auto|400x300|800x600]`. */
export function optionUsage(name: string, option: OptionSpec): string {
  if (option.type === 'boolean') return `--${name}`;
  return `--${name} ${option.choices ? option.choices.join('|') : (option.value ?? 'VALUE')}`;
}

/** The usage lines of a command: one per verb, or one for the command. */
export function usageLines(spec: CommandSpec): string[] {
  const head = ['shotput', spec.name, ...(spec.args ? [spec.args] : [])].join(' ');
  const optionsOf = (names: readonly string[]) =>
    names
      .map((name) =>
        spec.options[name]!.required
          ? ` ${optionUsage(name, spec.options[name]!)}`
          : ` [${optionUsage(name, spec.options[name]!)}]`,
      )
      .join('');
  if (!spec.actions) return [`${head}${optionsOf(Object.keys(spec.options))}`];
  return spec.actions.map(
    (action) => `${head} ${action.name}${action.args ? ` ${action.args}` : ''}${optionsOf(action.options ?? [])}`,
  );
}

/** `--title T` and `-o, --out DIR`, as help lists them. */
export function optionLabel(name: string, option: OptionSpec): string {
  return `${option.short ? `-${option.short}, ` : ''}${optionUsage(name, option)}`;
}

/** The options as node:util parseArgs takes them (it knows type and short only). */
export function parseArgsOptions(options: OptionSpecs): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  return Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      option.short ? { type: option.type, short: option.short } : { type: option.type },
    ]),
  );
}

/** The options of one verb only. */
export function actionOptions(spec: CommandSpec, action: string): OptionSpecs {
  const names = spec.actions?.find((a) => a.name === action)?.options ?? [];
  return Object.fromEntries(names.map((name) => [name, spec.options[name]!]));
}
