// Runs a command under GNU time to get its wall time, CPU time and peak resident memory. On a
// shared machine wall time depends on the neighbours' load; CPU time (user + system) much less.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Measured {
  seconds: number;
  /** User + system CPU seconds of the command and its children. */
  cpuSeconds: number;
  peakRssMb: number;
  code: number;
  stdout: string;
  stderr: string;
}

export async function measure(command: string, args: string[], cwd?: string): Promise<Measured> {
  const report = path.join(os.tmpdir(), `bench-time-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  const started = process.hrtime.bigint();
  const child = spawn('/usr/bin/time', ['-f', '%M %U %S', '-o', report, command, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const text = await readFile(report, 'utf8').catch(() => '0');
  await rm(report, { force: true });
  // The last line holds the figures (earlier ones may say how the command ended).
  const [kb = 0, user = 0, system = 0] = (text.trim().split('\n').at(-1) ?? '').split(' ').map((n) => Number(n) || 0);
  return { seconds, cpuSeconds: user + system, peakRssMb: kb / 1024, code, stdout, stderr };
}
