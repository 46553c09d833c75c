// The app's log file in the platform's log folder (app.getPath('logs'): ~/Library/Logs/Shotput on
// macOS, the user-data folder's logs/ on Windows and Linux), and "Show logs", which opens the file
// manager on it.
import { join } from 'node:path';
import { app, shell } from 'electron';
import { createLogger, type Logger } from '../logging/logger';
import { openLogFile, type LogFile } from '../logging/log-file';
import { launchFacts } from './os-launch';

export interface AppLog {
  logger: Logger;
  file: LogFile;
  /** A line another process made (the engine's), written where main's own lines go. */
  writeLine(line: string): void;
  showLogs(): Promise<void>;
}

export function openAppLog(): AppLog {
  const file = openLogFile(logFolder());
  // Warnings and errors also go to the terminal as before ("[shotput] …"), for whoever started the
  // app from one (the smoke test in CI reads its verdict there).
  const terminal = {
    write: (line: string) => {
      const warning = /^\S+ (?:WARN|ERROR) +\[[^\]]+\] (.*)\n$/.exec(line);
      if (warning) console.warn(`[shotput] ${warning[1]}`);
    },
  };
  const logger = createLogger({ sinks: [file, terminal] });
  const v = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  logger.info(
    `${app.getName()} ${app.getVersion()} starting (Electron ${v.electron ?? '?'}, Chromium ${v.chrome ?? '?'}, ${launchFacts().platform} ${process.arch})`,
  );
  return {
    logger,
    file,
    writeLine: (line) => {
      file.write(line);
      terminal.write(line);
    },
    showLogs: async () => shell.showItemInFolder(file.path),
  };
}

/** The platform's log folder; asked for before 'ready', so it is set first if Electron has not yet. */
function logFolder(): string {
  try {
    return app.getPath('logs');
  } catch {
    try {
      app.setAppLogsPath();
      return app.getPath('logs');
    } catch {
      return join(app.getPath('userData'), 'logs');
    }
  }
}
