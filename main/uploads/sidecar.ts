// A sidecar `name.json` beside `name.png` gives the shot its title, description and tags.
import path from 'node:path';
import { readTextNoFollow } from './no-links';
import { fail, ok } from '../../common/problem';
import type { Result } from '../../common/problem';

export interface Sidecar {
  title?: string;
  description?: string;
  tags?: string[];
}

export function sidecarPath(imagePath: string): string {
  const parsed = path.parse(imagePath);
  return path.join(parsed.dir, `${parsed.name}.json`);
}

/** The sidecar's values; none when there is no sidecar; a sentence when it cannot be read. */
export async function readSidecar(imagePath: string): Promise<Result<Sidecar | undefined>> {
  // A Lottie's own `.json` is the animation, not its sidecar.
  if (path.resolve(sidecarPath(imagePath)) === path.resolve(imagePath)) return ok(undefined);
  let text: string;
  try {
    text = await readTextNoFollow(sidecarPath(imagePath));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(undefined);
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      return fail(
        'refused',
        `${path.basename(sidecarPath(imagePath))} is a link; sidecars are read only from plain files.`,
      );
    return fail('refused', `Cannot read ${path.basename(sidecarPath(imagePath))}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('refused', `${path.basename(sidecarPath(imagePath))} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return fail(
      'refused',
      `${path.basename(sidecarPath(imagePath))} must be an object with title, description and tags.`,
    );
  const record = value as Record<string, unknown>;
  const sidecar: Sidecar = {};
  if (typeof record.title === 'string') sidecar.title = record.title;
  if (typeof record.description === 'string') sidecar.description = record.description;
  if (Array.isArray(record.tags)) sidecar.tags = record.tags.filter((t): t is string => typeof t === 'string');
  else if (typeof record.tags === 'string') sidecar.tags = splitTags(record.tags);
  return ok(sidecar);
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/**
 * The title a file gives when nothing else does: its name without the extension, kept as the
 * designer wrote it (dates, dots and dashes included), only runs of spaces tidied. The same for a
 * drop, a picked file, a watched folder and the CLI.
 */
export function titleFromFileName(file: string): string {
  const name = path.basename(file).normalize('NFC');
  const title = path.parse(name).name.replace(/\s+/g, ' ').trim();
  return title === '' ? name : title;
}
