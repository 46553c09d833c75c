// How the CLI names a file in a line for people: on one line whatever its name holds (a newline, a
// tab, an escape sequence are written as \n, \t, \x1b), and with as much of its folder as tells it
// apart when files of the same name from different folders are in the same command (ten
// cover.png from ten folders are ten different names on screen).
import path from 'node:path';

let shown = new Map<string, string>();

/** The files of this command: names shared by several get their folders. */
export function nameFiles(files: readonly string[]): void {
  const byName = new Map<string, string[]>();
  for (const file of new Set(files.map((f) => path.resolve(f)))) {
    const name = path.basename(file);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  shown = new Map();
  for (const group of byName.values()) {
    if (group.length === 1) continue;
    for (let depth = 1; ; depth++) {
      const labels = group.map((file) => tail(file, depth));
      if (new Set(labels).size === group.length || labels.every((label, i) => label === group[i])) {
        group.forEach((file, i) => shown.set(file, labels[i]!));
        break;
      }
    }
  }
}

/** The last `depth` folders and the name: `shoot-a/cover.png`. */
function tail(file: string, depth: number): string {
  const parts = file.split(path.sep);
  return parts.slice(Math.max(0, parts.length - 1 - depth)).join(path.sep);
}

/** The name of a file as lines show it. */
export function shownName(file: string): string {
  return oneLine(shown.get(path.resolve(file)) ?? path.basename(file));
}

/** Text on one line: control characters written as escapes (\n, \t, \r, \x1b). */
export function oneLine(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    out += !control ? c : (ESCAPES[c] ?? `\\x${code.toString(16).padStart(2, '0')}`);
  }
  return out;
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };
