// Colour and terminal links for people at a terminal; plain text for pipes, files, --json and
// anyone who sets NO_COLOR (https://no-color.org) or gives --no-color.
import { terminalText } from './terminal-text';

export interface Styled {
  globals: { color?: boolean };
}

/** Whether stdout gets colour: a terminal that is not "dumb", and nobody asked for none. */
export function colorWanted(
  stdout: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  globals: { json: boolean; noColor?: boolean },
): boolean {
  if (globals.json || globals.noColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stdout.isTTY === true;
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof CODES;

export function paint(on: boolean | undefined, style: Style, text: string): string {
  if (!on) return text;
  const [open, close] = CODES[style];
  return `\x1b[${open}m${text}\x1b[${close}m`;
}

/**
 * The address, clickable in terminals that know OSC 8 hyperlinks (others show the text as it is).
 * The text is the address itself, so it can be copied where links are not supported.
 */
export function link(on: boolean | undefined, url: string, text = url): string {
  // Addresses come from the service: nothing in them may act on the terminal, inside a link or out.
  const [address, shown] = [terminalText(url), terminalText(text)];
  if (!on) return shown;
  return `\x1b]8;;${address}\x1b\\${shown}\x1b]8;;\x1b\\`;
}

export { readableTime } from '../../common/readable-time';
