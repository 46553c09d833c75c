// The one gate between text the CLI did not write (a service's titles, comments, names, messages;
// file names) and a terminal: control characters become visible instead of acting. An escape sequence
// in another user's comment could otherwise retitle the window, erase and redraw earlier lines, or
// write the clipboard (OSC 52). Only newline and tab pass, as text; --json prints the exact text.

/** C0 controls but tab and newline, DEL, and C1 controls (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The text with every control character but newline and tab replaced by U+FFFD. */
export function terminalText(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}
