// The links the system browser may be handed: http and https, nothing else (no file:, javascript:
// or custom schemes). Checked by the window's guards and again by the request that opens a link.

export function isOpenableExternally(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:';
}
