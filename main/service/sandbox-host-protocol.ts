// The messages between main and the bundled sandbox's own process (sandbox-host.ts, a utility
// process in the desktop app): main sends the options to start with, control calls and stop; the
// process answers where it listens, each call's result, or why it could not start.
import type { SandboxOptions } from '../../sandbox/index';

export type SandboxHostRequest =
  | { type: 'start'; options: SandboxOptions }
  | { type: 'control'; id: number; method: string; body?: unknown }
  | { type: 'stop' };

export type SandboxHostReply =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'control-result'; id: number; ok: true; value: unknown }
  | { type: 'control-result'; id: number; ok: false; message: string };
