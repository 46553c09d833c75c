// The title of a pasted image.

/**
 * The name of a pasted image, and so its title: the clipboard's own name when it has one, else the
 * time of the paste, as screenshots are named ("Pasted image 2026-11-25 at 17.40.12"), so ten
 * pastes are ten titles, not ten times "image".
 */
export function pastedName(name: string, at: Date, extension = 'png'): string {
  if (name !== '' && !/^image\.\w+$/i.test(name)) return name;
  const pad = (n: number) => String(n).padStart(2, '0');
  // The extension keeps the seconds: main takes the name without its last dot's part as the title.
  return `Pasted image ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} at ${pad(at.getHours())}.${pad(at.getMinutes())}.${pad(at.getSeconds())}.${extension}`;
}
