// Smoke mode (`--smoke` or SHOTPUT_SMOKE=1): the start-up self-test CI runs on the real Electron
// binary, where the unit and end-to-end tests cannot reach. The window loads the built renderer
// under the app's CSP, the preload bridge answers a request through IPC, and the embedded sandbox
// answers GET /v2/user; then the app quits with 0, or exits with 1 and says what failed.
import { sandboxUserToken, type SandboxTokens } from '../auth/sandbox-token';
import { bundledSandbox } from '../service/bundled-sandbox';

export const SMOKE_TIME_LIMIT_MS = 60_000;

export function smokeRequested(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--smoke') || env.SHOTPUT_SMOKE === '1';
}

export interface SmokeWindow {
  webContents: {
    once(event: 'did-finish-load', listener: () => void): unknown;
    executeJavaScript(code: string): Promise<unknown>;
  };
}

interface RendererReport {
  rendered: boolean;
  inlineBlocked: boolean;
  bridgeAnswer: unknown;
}

// Runs in the page's own world, as the renderer's code does: what it sees is what the app sees.
const rendererProbe = `(async () => {
  const inline = document.createElement('script');
  inline.textContent = 'window.shotputSmokeInline = true';
  document.head.append(inline);
  inline.remove();
  const inlineBlocked = window.shotputSmokeInline !== true;
  const bridgeAnswer = await window.shotput.app.info();
  return { rendered: document.body.innerText.trim().length > 0, inlineBlocked, bridgeAnswer };
})()`;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function checkRenderer(window: SmokeWindow, loaded: Promise<void>): Promise<string[]> {
  await loaded;
  const report = (await window.webContents.executeJavaScript(rendererProbe)) as RendererReport;
  const problems: string[] = [];
  if (!report.rendered) problems.push('the renderer showed nothing');
  if (!report.inlineBlocked) problems.push('the content security policy did not block an inline script');
  const answer = report.bridgeAnswer as { ok?: boolean; value?: { name?: unknown } } | undefined;
  if (answer?.ok !== true || typeof answer.value?.name !== 'string')
    problems.push(`the preload bridge answered app.info with ${JSON.stringify(answer)}`);
  return problems;
}

/** The sandbox the app runs (its own process in the app), or one started in this process. */
export type SmokeSandbox = () => Promise<{ url: string } & SandboxTokens>;

async function checkSandbox(sandboxOf: SmokeSandbox): Promise<string[]> {
  const sandbox = await sandboxOf();
  const token = await sandboxUserToken(sandbox);
  const response = await fetch(`${sandbox.url}/v2/user`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const body = (await response.json().catch(() => undefined)) as { login?: unknown; username?: unknown } | undefined;
  if (response.status !== 200 || body === undefined)
    return [`the embedded sandbox answered GET /v2/user with status ${response.status}`];
  return [];
}

/**
 * Runs the checks on the window just opened (call right after loadURL started). Returns the
 * problems found, none when the app works; a check that hangs counts as a problem at the limit.
 */
export async function runSmokeCheck(
  window: SmokeWindow,
  timeLimitMs = SMOKE_TIME_LIMIT_MS,
  sandbox: SmokeSandbox = () => bundledSandbox(),
): Promise<string[]> {
  const loaded = new Promise<void>((resolve) => window.webContents.once('did-finish-load', resolve));
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([`the checks did not finish within ${timeLimitMs / 1000} s`]), timeLimitMs);
  });
  const checks = Promise.all([checkRenderer(window, loaded), checkSandbox(sandbox)])
    .then((found) => found.flat())
    .catch((error: unknown) => [`a check failed: ${describe(error)}`]);
  try {
    return await Promise.race([checks, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the checks, then quits (exit 0) when they pass or exits with 1 when one fails. */
export async function finishSmokeCheck(
  window: SmokeWindow,
  app: { quit(): void; exit(code: number): void },
  log: (message: string) => void,
  sandbox: SmokeSandbox,
): Promise<void> {
  const problems = await runSmokeCheck(window, SMOKE_TIME_LIMIT_MS, sandbox);
  if (problems.length === 0) {
    log('Smoke check passed: renderer loaded under the CSP, preload bridge answered, sandbox served /v2/user.');
    app.quit();
  } else {
    log(`Smoke check failed: ${problems.join('; ')}.`);
    app.exit(1);
  }
}
