// What a failed update check or download means for the user. An unreachable server, a timeout or a
// 5xx is ordinary (offline, a hotel network): it is retried later and only noted in Settings. A
// download whose sha512 does not match the feed is refused and deleted by the updater; that is
// said plainly, and it too is tried again later.

import type { Problem } from '../../common/problem';

/** Offline and server trouble is retried without bothering the user: only noted in Settings and logged as info. */
export function isQuiet(problem: Problem): boolean {
  return problem.code === 'update-offline' || problem.code === 'update-server';
}

/** The error's first line, for the log. */
export function updateErrorDetail(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
  'ERR_SOCKET_TIMEOUT',
]);

/** A failed check or download as a Problem (a sentence for Settings); every one is tried again later. */
export function classifyUpdateError(error: unknown): Problem {
  const detail = updateErrorDetail(error);
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const status = Number((error as { statusCode?: unknown } | null)?.statusCode);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(detail)) {
    return {
      code: 'update-corrupt',
      retryable: true,
      message:
        'The downloaded update did not match its published checksum, so it was discarded. Shotput will try again later.',
    };
  }
  if (
    OFFLINE_CODES.has(code) ||
    /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION|NETWORK|TIMED_OUT|ADDRESS_UNREACHABLE)/.test(
      detail,
    ) ||
    /\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|socket hang up)\b/.test(detail)
  ) {
    return {
      code: 'update-offline',
      retryable: true,
      message: 'The update server could not be reached. Shotput will try again later.',
    };
  }
  if (Number.isFinite(status) && status >= 500) {
    return {
      code: 'update-server',
      retryable: true,
      message: 'The update server did not answer properly. Shotput will try again later.',
    };
  }
  return {
    code: 'update-other',
    retryable: true,
    message: `Checking for updates failed: ${detail.replace(/\.?$/, '.')} Shotput will try again later.`,
  };
}
