// `shotput completion bash|zsh|fish`: completion scripts written from the definitions, so every
// command, verb, option and choice that exists is offered, and nothing else.
import { definitions } from './definitions';
import { GLOBAL_OPTIONS } from './options';
import type { CommandSpec, OptionSpec, OptionSpecs } from './spec';
import { actionOptions } from './spec';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** A word in POSIX single quotes. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const flags = (options: OptionSpecs) =>
  Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
const valueFlags = (options: OptionSpecs) =>
  Object.entries(options)
    .filter(([, o]) => o.type === 'string')
    .map(([name]) => `--${name}`);
/** Operands a command takes before its verb (`comments SHOT list`). */
const leadingOperands = (spec: CommandSpec) => (spec.actions && spec.args ? spec.args.split(' ').length : 0);

/** What a value of an option completes to, as a bash assignment: its choices, files, folders or nothing (a title). */
function bashValues(option: OptionSpec): string {
  if (option.choices) return `COMPREPLY=($(compgen -W ${sq(option.choices.join(' '))} -- "$cur"))`;
  if (option.complete) return `COMPREPLY=($(compgen ${option.complete === 'dir' ? '-d' : '-f'} -- "$cur"))`;
  return 'COMPREPLY=()';
}

function bash(): string {
  const lines = [
    '# shotput completion for bash. Load it with: source <(shotput completion bash)',
    '_shotput() {',
    '  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" pos=0 i rest=()',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    case ${COMP_WORDS[i]} in',
    `      ${valueFlags(GLOBAL_OPTIONS).join('|')}) ((i++)) ;;`,
    '      -*) ;;',
    '      *) if [[ -z $cmd ]]; then cmd=${COMP_WORDS[i]}; else rest+=("${COMP_WORDS[i]}"); ((pos++)); fi ;;',
    '    esac',
    '  done',
    '  case $prev in',
    ...Object.entries(GLOBAL_OPTIONS)
      .filter(([, o]) => o.type === 'string')
      .map(([name, o]) => `    --${name}) ${bashValues(o)}; return ;;`),
    '  esac',
    `  local globals=${sq(flags(GLOBAL_OPTIONS).join(' '))}`,
    '  if [[ -z $cmd ]]; then',
    `    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$globals" -- "$cur")); else COMPREPLY=($(compgen -W ${sq(definitions.map((d) => d.name).join(' '))} -- "$cur")); fi`,
    '    return',
    '  fi',
    '  local opts="" actions="" lead=0 operands=none',
    '  case $cmd in',
  ];
  for (const spec of definitions) {
    lines.push(`    ${spec.name})`);
    for (const [name, option] of Object.entries(spec.options).filter(([, o]) => o.type === 'string')) {
      lines.push(
        `      if [[ $prev == --${name}${option.short ? ` || $prev == -${option.short}` : ''} ]]; then ${bashValues(option)}; return; fi`,
      );
    }
    const actions =
      spec.actions?.map((a) => a.name).join(' ') ??
      (spec.name === 'help'
        ? definitions.map((d) => d.name).join(' ')
        : spec.name === 'completion'
          ? 'bash zsh fish'
          : '');
    lines.push(
      `      opts=${sq(flags(spec.options).join(' '))} actions=${sq(actions)} lead=${leadingOperands(spec)} operands=${spec.operands ?? 'none'}`,
    );
    // Once the verb is typed, only its own options.
    if (spec.actions) {
      lines.push(`      case \${rest[${leadingOperands(spec)}]} in`);
      for (const action of spec.actions)
        lines.push(`        ${action.name}) opts=${sq(flags(actionOptions(spec, action.name)).join(' '))} ;;`);
      lines.push('      esac');
    }
    lines.push('      ;;');
  }
  lines.push(
    '  esac',
    '  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$opts $globals" -- "$cur")); return; fi',
    '  if [[ -n $actions && $pos -eq $lead ]]; then COMPREPLY=($(compgen -W "$actions" -- "$cur")); return; fi',
    '  case $operands in',
    '    file) COMPREPLY=($(compgen -f -- "$cur")) ;;',
    '    dir) COMPREPLY=($(compgen -d -- "$cur")) ;;',
    '  esac',
    '}',
    'complete -o filenames -F _shotput shotput',
  );
  return lines.join('\n');
}

/** `name:description` items for zsh's _describe (colons in names escaped). */
function zshItems(items: Array<[string, string]>): string {
  return items.map(([name, description]) => sq(`${name.replace(/:/g, '\\:')}:${description}`)).join(' ');
}

function zshValues(option: OptionSpec): string {
  if (option.choices) return `compadd -- ${option.choices.map(sq).join(' ')}`;
  if (option.complete) return option.complete === 'dir' ? '_files -/' : '_files';
  return ':';
}

function zshOptionItems(options: OptionSpecs): Array<[string, string]> {
  return Object.entries(options).map(([name, o]) => [`--${name}`, o.summary]);
}

function zsh(): string {
  const lines = [
    '#compdef shotput',
    '# shotput completion for zsh. Install it with: shotput completion zsh > "${fpath[1]}/_shotput"',
    '_shotput() {',
    '  local cmd="" prev=${words[CURRENT-1]} i pos=0; local -a rest',
    '  for ((i = 2; i < CURRENT; i++)); do',
    '    case ${words[i]} in',
    `      (${valueFlags(GLOBAL_OPTIONS).join('|')}) ((i++)) ;;`,
    '      (-*) ;;',
    '      (*) if [[ -z $cmd ]]; then cmd=${words[i]}; else rest+=("${words[i]}"); ((pos++)); fi ;;',
    '    esac',
    '  done',
    '  local -a globals opts actions',
    `  globals=(${zshItems(zshOptionItems(GLOBAL_OPTIONS))})`,
    '  case $prev in',
    ...Object.entries(GLOBAL_OPTIONS)
      .filter(([, o]) => o.type === 'string')
      .map(([name, o]) => `    (--${name}) ${zshValues(o)}; return ;;`),
    '  esac',
    '  if [[ -z $cmd ]]; then',
    `    if [[ $PREFIX == -* ]]; then _describe option globals; else local -a commands; commands=(${zshItems(definitions.map((d) => [d.name, d.summary]))}); _describe command commands; fi`,
    '    return',
    '  fi',
    '  local lead=0 operands=none',
    '  case $cmd in',
  ];
  for (const spec of definitions) {
    lines.push(`    (${spec.name})`);
    for (const [name, option] of Object.entries(spec.options).filter(([, o]) => o.type === 'string')) {
      lines.push(`      if [[ $prev == --${name} ]]; then ${zshValues(option)}; return; fi`);
    }
    const actions: Array<[string, string]> =
      spec.actions?.map((a) => [a.name, a.summary]) ??
      (spec.name === 'help'
        ? definitions.map((d) => [d.name, d.summary])
        : spec.name === 'completion'
          ? ['bash', 'zsh', 'fish'].map((s) => [s, `the ${s} script`])
          : []);
    lines.push(
      `      opts=(${zshItems(zshOptionItems(spec.options))}) actions=(${zshItems(actions)}) lead=${leadingOperands(spec)} operands=${spec.operands ?? 'none'}`,
    );
    if (spec.actions) {
      lines.push(`      case \${rest[${leadingOperands(spec) + 1}]} in`);
      for (const action of spec.actions)
        lines.push(`        (${action.name}) opts=(${zshItems(zshOptionItems(actionOptions(spec, action.name)))}) ;;`);
      lines.push('      esac');
    }
    lines.push('      ;;');
  }
  lines.push(
    '  esac',
    '  if [[ $PREFIX == -* ]]; then _describe option opts -- globals; return; fi',
    '  if (( ${#actions} )) && (( pos == lead )); then _describe action actions; return; fi',
    '  case $operands in',
    '    (file) _files ;;',
    '    (dir) _files -/ ;;',
    '  esac',
    '}',
    '_shotput "$@"',
  );
  return lines.join('\n');
}

function fishOption(condition: string, name: string, option: OptionSpec): string {
  const parts = ['complete -c shotput'];
  if (condition) parts.push(`-n ${sq(condition)}`);
  parts.push(`-l ${name}`);
  if (option.short) parts.push(`-s ${option.short}`);
  if (option.type === 'string')
    parts.push(option.choices ? `-x -a ${sq(option.choices.join(' '))}` : option.complete ? '-r -F' : '-x');
  parts.push(`-d ${sq(option.summary)}`);
  return parts.join(' ');
}

function fish(): string {
  const names = definitions.map((d) => d.name).join(' ');
  const lines = [
    '# shotput completion for fish. Install it with: shotput completion fish > ~/.config/fish/completions/shotput.fish',
    'complete -c shotput -f',
    ...definitions.map((d) => `complete -c shotput -n __fish_use_subcommand -a ${d.name} -d ${sq(d.summary)}`),
    ...Object.entries(GLOBAL_OPTIONS).map(([name, option]) => fishOption('', name, option)),
  ];
  for (const spec of definitions) {
    const on = `__fish_seen_subcommand_from ${spec.name}`;
    if (!spec.actions)
      for (const [name, option] of Object.entries(spec.options)) lines.push(fishOption(on, name, option));
    // Once the verb is typed, only its own options.
    for (const action of spec.actions ?? []) {
      for (const [name, option] of Object.entries(actionOptions(spec, action.name)))
        lines.push(fishOption(`${on}; and __fish_seen_subcommand_from ${action.name}`, name, option));
    }
    const verbs = spec.actions?.map((a) => a.name) ?? [];
    for (const action of spec.actions ?? [])
      lines.push(
        `complete -c shotput -n ${sq(`${on}; and not __fish_seen_subcommand_from ${verbs.join(' ')}`)} -a ${action.name} -d ${sq(action.summary)}`,
      );
    if (spec.name === 'help') lines.push(`complete -c shotput -n ${sq(on)} -a ${sq(names)}`);
    if (spec.name === 'completion') lines.push(`complete -c shotput -n ${sq(on)} -a ${sq('bash zsh fish')}`);
    if (spec.operands === 'file') lines.push(`complete -c shotput -n ${sq(on)} -F`);
    if (spec.operands === 'dir') lines.push(`complete -c shotput -n ${sq(on)} -x -a '(__fish_complete_directories)'`);
  }
  return lines.join('\n');
}

export function completionScript(shell: Shell): string {
  return shell === 'bash' ? bash() : shell === 'zsh' ? zsh() : fish();
}
