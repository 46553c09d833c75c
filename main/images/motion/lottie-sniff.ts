// Telling a Lottie from its first bytes, without loading its player: what the folder scans and the
// watcher ask of every `.json` (a Lottie is taken, a sidecar is read with its image) and what
// openMotion asks of every input.
import { open } from 'node:fs/promises';

/**
 * A JSON object with a key only a Lottie has (its frame rate, in and out points, 3D flag, layers or
 * assets). Exporters write them in different orders, some after a long list of embedded images, so
 * any one is enough; a sidecar (`name.json`: title, description, tags) never has one.
 */
export function isLottieJson(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*\{/.test(text)) return false;
  return /"(fr|ip|op|ddd)"\s*:\s*-?\d|"(layers|assets)"\s*:\s*\[/.test(text);
}

/** A dotLottie archive: a ZIP whose entries are a manifest and animations/. */
export function isDotLottie(head: Buffer): boolean {
  if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) return false;
  const names = head.toString('latin1');
  return names.includes('manifest.json') || names.includes('animations/');
}

/** Whether the file at `file` is a Lottie (JSON or dotLottie), from its first 64 KB; false when unreadable. */
export async function isLottieFile(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    return isLottieJson(head) || isDotLottie(head);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}
