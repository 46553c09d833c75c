// process.parentPort of an Electron utility process, for the entries of the app's own (the bundled
// sandbox's, the engine's). Typed here: only main/app imports electron. Started any other way, an
// entry says it runs only as a utility process and exits.

/** A port the parent transferred with a message (Electron's MessagePortMain has this shape). */
export interface TransferredPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  start(): void;
  close(): void;
}

export interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown; ports: TransferredPort[] }) => void): unknown;
  postMessage(message: unknown): void;
}

export function utilityParentPort(entry: string): ParentPort {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (port === undefined) {
    process.stderr.write(`${entry} runs only as a utility process of the desktop app.\n`);
    process.exit(2);
  }
  return port;
}
