// The log file a user can send: shotput.log in the platform's log folder (main/app gives the
// folder: ~/Library/Logs/Shotput, %APPDATA%\Shotput\logs, ~/.config/Shotput/logs), rotated at
// 1 MB and keeping five older files (shotput.log.1 … shotput.log.5), so it never grows without
// bound. rotating-file-stream does the rotation; the file is readable by its owner only.
import { join } from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import type { LogSink } from './logger';

export const LOG_FILE_NAME = 'shotput.log';

export interface LogFileOptions {
  /** Rotation size, like "1M" or "64K". */
  size?: `${number}${'B' | 'K' | 'M' | 'G'}`;
  /** Older files kept. */
  keep?: number;
}

export interface LogFile extends LogSink {
  readonly path: string;
  /** Flushes what was written and closes the file. */
  close(): Promise<void>;
}

export function openLogFile(folder: string, options: LogFileOptions = {}): LogFile {
  const stream: RotatingFileStream = createStream(LOG_FILE_NAME, {
    path: folder,
    size: options.size ?? '1M',
    rotate: options.keep ?? 5,
    mode: 0o600,
  });
  // A log that cannot be written must never take the app down with it.
  stream.on('error', () => undefined);
  stream.on('warning', () => undefined);
  let closed = false;
  return {
    path: join(folder, LOG_FILE_NAME),
    write(line) {
      if (!closed) stream.write(line);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        stream.end(() => resolve());
      }),
  };
}
