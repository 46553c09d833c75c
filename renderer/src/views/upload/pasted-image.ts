// An image pasted from the clipboard: its title, and the request that hands its bytes to main.
import type { RequestPayload } from '../../../../common/contract/index';
import { isPasteType } from '../../../../common/input-types';

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

/** The request that adds a pasted image as a draft, or the sentence saying why it cannot be. */
export async function pasteRequestOf(file: File, at: Date): Promise<RequestPayload<'drafts.paste'> | string> {
  const type = file.type;
  if (!isPasteType(type)) return 'Only PNG, JPEG, GIF or WebP images can be pasted.';
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: pastedName(file.name, at, type.slice('image/'.length)), type, dataBase64: btoa(binary) };
}
