// How an image's format and size are written in the window: one wording for the card, the editor
// and the motion estimate.

/** "412 KB", "1.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "PNG", "H.264 MP4", and "Lottie" (a name, not an abbreviation). */
export function formatName(format: string): string {
  return format.toLowerCase() === 'lottie' ? 'Lottie' : format.toUpperCase();
}
