// The sandbox: a local, spec-complete implementation of the design-sharing service.
// startSandbox() listens and resolves with its addresses; close() stops it (and flushes state).
import { join } from 'node:path';
import { ImageStore } from './images';
import { Presenter } from './present';
import { RateLimiter } from './rate-limit';
import { Store } from './store';
import { buildServer } from './server';
import { createControl } from './control';
import type { SandboxControl } from './control';
import type { SandboxContext } from './context';
import { DailyUploads, makeProfile } from './profile';
import type { ProfileName } from './profile';

export type { SandboxControl };

export interface SandboxOptions {
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Directory for persistent state (state.json + images/). Without it, state lives in memory. */
  dataDir?: string;
  /** Requests per window per application and user. Default 60. */
  rateLimit?: number;
  /** Rate window in seconds, on the sandbox clock. Default 60. */
  rateWindowS?: number;
  /** How long a created shot stays "being processed" (its Location answers 404). Default 1500. */
  processingMs?: number;
  /** "spec" (the default) answers as SERVICE-API.md is written, "deployed" as the public service does. */
  profile?: ProfileName;
  /** Shots per account and day; null for none. Default: none for spec, 5 for deployed. */
  dailyCap?: number | null;
  /** Time a client has to send a whole request, in ms (a slow body is closed after it). Default 30 000. */
  requestTimeoutMs?: number;
  /** Log one line per request to stderr. Default false. */
  log?: boolean;
  /**
   * Serve the control API over HTTP under /_sandbox. Default true. An app that runs the sandbox in
   * its own process passes false: then no /_sandbox route exists (404) and the same calls are
   * made in process through `sandbox.control`, out of reach of anything else on the machine.
   */
  control?: boolean;
}

export interface Sandbox {
  /** Base address, e.g. http://127.0.0.1:PORT (control API under {url}/_sandbox). */
  url: string;
  /** API base address ({api}/v1, {api}/v2); same as url. */
  api: string;
  /** Authorization server address ({auth}/oauth/authorize, {auth}/oauth/token); same as url. */
  auth: string;
  /** The control API in process: `control.tokens({ username, client_id, scopes })`, `control.clock({ advance_s })`, … */
  control: SandboxControl;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ? (msg: string) => process.stderr.write(`${msg}\n`) : () => {};
  const warn = (msg: string) => process.stderr.write(`${msg}\n`);
  const store = new Store(options.dataDir, warn);
  const images = new ImageStore(options.dataDir ? join(options.dataDir, 'images') : undefined);
  const startProfile = () => makeProfile(options.profile, options.dailyCap);
  const ctx: SandboxContext = {
    store,
    images,
    presenter: new Presenter(store, '', () => ctx.profile),
    profile: startProfile(),
    dailyUploads: new DailyUploads(() => (store.state.dailyUploads ??= {})),
    rate: new RateLimiter(options.rateLimit ?? 60, options.rateWindowS ?? 60),
    faults: {},
    faultDraw: Math.random,
    processingMs: options.processingMs ?? 1500,
    log,
    warn,
    internalErrors: 0,
  };
  const resetAll = () => {
    images.clear();
    store.reset();
    ctx.rate.clear();
    ctx.faults = {};
    ctx.profile = startProfile();
    ctx.dailyUploads.clear();
  };
  const control = createControl(ctx, resetAll);
  const app = await buildServer(ctx, options.control === false ? undefined : control, host, options.requestTimeoutMs);
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${urlHost(host)}:${port}`;
  ctx.presenter.url = url;
  let closing: Promise<void> | undefined;
  return {
    url,
    api: url,
    auth: url,
    control,
    close() {
      closing ??= (async () => {
        await app.close();
        store.flush();
      })();
      return closing;
    },
  };
}
