// A real slow writer, as exporters, network copies and sync clients write: another process
// writes each file in chunks over a few seconds (optionally with one long pause in the middle).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SlowWrite {
  from: string;
  to: string;
  /** Pieces the file is written in. */
  chunks?: number;
  /** Time from the first piece to the last. */
  overMs?: number;
  /** After this many pieces, wait pauseMs more (longer than a watcher's stability threshold). */
  pauseAfter?: number;
  pauseMs?: number;
}

export interface SlowWriter {
  /** Every file exists with its first piece written. */
  started: Promise<void>;
  /** Every file is complete; rejects when the writer fails. */
  done: Promise<void>;
}

const SCRIPT = `
const fs = require('node:fs');
const writes = JSON.parse(process.argv[1]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function write(w) {
  const bytes = fs.readFileSync(w.from);
  const chunks = w.chunks ?? 10;
  const handle = fs.openSync(w.to, 'w');
  for (let i = 0; i < chunks; i++) {
    fs.writeSync(handle, bytes.subarray(Math.floor((i * bytes.length) / chunks), Math.floor(((i + 1) * bytes.length) / chunks)));
    fs.fsyncSync(handle);
    if (i === 0) w.onFirst();
    if (i === chunks - 1) break;
    await sleep((w.overMs ?? 3000) / (chunks - 1) + (w.pauseAfter === i + 1 ? w.pauseMs ?? 0 : 0));
  }
  fs.closeSync(handle);
}
let first = 0;
const onFirst = () => { if (++first === writes.length) process.stdout.write('started\\n'); };
Promise.all(writes.map((w) => write({ ...w, onFirst }))).then(() => process.stdout.write('done\\n'));
`;

export function startSlowWriter(writes: SlowWrite[]): SlowWriter {
  const child = spawn(process.execPath, ['-e', SCRIPT, JSON.stringify(writes)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const started = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === 'started' && resolve());
    child.once('exit', () => reject(new Error(`the slow writer ended before starting: ${stderr}`)));
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the slow writer failed (${code}): ${stderr}`)),
    );
  });
  started.catch(() => undefined);
  return { started, done };
}
