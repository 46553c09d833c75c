// Runs a command under GNU time to get its wall time and peak resident memory.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Measured {
  seconds: number;
  peakRssMb: number;
  code: number;
  stdout: string;
  stderr: string;
}

export async function measure(command: string, args: string[], cwd?: string): Promise<Measured> {
  const report = path.join(os.tmpdir(), `bench-time-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  const started = process.hrtime.bigint();
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', report, command, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const text = await readFile(report, 'utf8').catch(() => '0');
  await rm(report, { force: true });
  const kb = Number(text.trim().split('\n').at(-1)) || 0;
  return { seconds, peakRssMb: kb / 1024, code, stdout, stderr };
}
