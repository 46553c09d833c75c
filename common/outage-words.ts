// An outage in one wording, wherever it is said: the CLI's stderr line and the desktop's Queue banner.
// The next attempt is a countdown the window keeps true by itself (it gets the time, not the seconds).

/** "Cannot reach <host>: trying again in N s; nothing is lost." (retryInS null: a try is under way now). */
export function unreachableSentence(host: string, retryInS: number | null): string {
  const when = retryInS === null ? 'trying again now' : `trying again in ${Math.max(1, Math.ceil(retryInS))} s`;
  return `Cannot reach ${host}: ${when}; nothing is lost.`;
}

/** The service answers again after an outage. */
export function reachableAgainSentence(host: string): string {
  return `${host} answers again; the uploads go on.`;
}

/** The outage where no countdown can stay true (the tray's tooltip and menu): "Cannot reach <host>: uploads wait; nothing is lost." */
export function unreachableLine(host: string): string {
  return `Cannot reach ${host}: uploads wait; nothing is lost.`;
}
