// What a failed update check or download means for the user. An unreachable server, a timeout or a
// 5xx is ordinary (offline, a hotel network): it is retried later and only noted in Settings. A
// download whose sha512 does not match the feed is refused and deleted by the updater; that is
// said plainly, and it too is tried again later.

export interface UpdateProblem {
  kind: 'offline' | 'server' | 'corrupt' | 'other';
  /** Retried without bothering the user. */
  quiet: boolean;
  /** A sentence for Settings. */
  message: string;
  /** For the log. */
  detail: string;
}

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'EPIPE', 'ERR_SOCKET_TIMEOUT']);

export function classifyUpdateError(error: unknown): UpdateProblem {
  const detail = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const status = Number((error as { statusCode?: unknown } | null)?.statusCode);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(detail)) {
    return { kind: 'corrupt', quiet: false, detail, message: 'The downloaded update did not match its published checksum, so it was discarded. Shotput will try again later.' };
  }
  if (OFFLINE_CODES.has(code) || /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION|NETWORK|TIMED_OUT|ADDRESS_UNREACHABLE)/.test(detail) || /\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|socket hang up)\b/.test(detail)) {
    return { kind: 'offline', quiet: true, detail, message: 'The update server could not be reached. Shotput will try again later.' };
  }
  if (Number.isFinite(status) && status >= 500) {
    return { kind: 'server', quiet: true, detail, message: 'The update server did not answer properly. Shotput will try again later.' };
  }
  return { kind: 'other', quiet: false, detail, message: `Checking for updates failed: ${detail.replace(/\.?$/, '.')} Shotput will try again later.` };
}
