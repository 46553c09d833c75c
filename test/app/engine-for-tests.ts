// A real engine for main's tests: EngineClient starting main/engine/engine-host.ts in a real child
// process (the Electron double's utilityProcess, its source through tsx), with main's side played
// here: a token store sealed by file mode, the test's sandbox as "the bundled sandbox", the browser
// a list of opened addresses. signIn() signs in the way a user does (authorize page, deep link).
import path from 'node:path';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { EngineClient, type EngineProcess } from '../../main/engine/engine-client';
import { defaultSettings } from '../../common/contract/settings';
import { TestBrowser } from '../auth/browser';
import { repoRoot } from '../e2e/harness/repo-paths';
import type { Fixture } from '../service/sandbox-fixture';
import { utilityProcessForTests } from './utility-process-for-tests';
import { connectTestWindow, type TestWindow } from './window-for-tests';

export interface TestEngine {
  engine: EngineClient;
  /** The window's port to the engine (offered again when the engine starts anew, as main does). */
  window: TestWindow;
  logLines: string[];
  signIn(username: string): Promise<void>;
  /** The engine's process by its pid, to kill it as the OS would. */
  pid(): number;
}

export async function startTestEngine(input: {
  dataDir: string;
  sandbox: Fixture;
  env?: Record<string, string>;
  onRestarted?: () => void;
}): Promise<TestEngine> {
  const utilityProcess = utilityProcessForTests();
  const opened: string[] = [];
  // Made once the engine has started; offered a new port whenever it starts again.
  const windows: TestWindow[] = [];
  const logLines: string[] = [];
  const tokens = new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(input.dataDir, 'accounts.json')));
  const entry = path.join(repoRoot, 'out', 'main', 'engine-host.js');
  const engine = new EngineClient({
    fork: () =>
      utilityProcess.fork(entry, [], {
        serviceName: 'Shotput engine',
        env: { ...process.env, SHOTPUT_EXPECTED_PROCESSING_MS: '200', ...input.env },
      }) as unknown as EngineProcess,
    config: () => ({ dataDir: input.dataDir, settings: defaultSettings, protection: 'file-permissions' }),
    main: {
      openExternal: async (url: string) => void opened.push(url),
      pickPaths: async () => [],
      takeOpenedFiles: () => [],
      sandbox: async () => ({ api: input.sandbox.sandbox.api, auth: input.sandbox.sandbox.auth }),
      tokens: (method: string, ...args: unknown[]) =>
        (tokens as unknown as Record<string, (...given: unknown[]) => unknown>)[method]!.apply(tokens, args),
    },
    onLogLine: (line) => logLines.push(line),
    log: (line) => logLines.push(line),
    onRestarted: () => {
      windows[0]?.reconnect();
      input.onRestarted?.();
    },
  });
  await engine.start();
  const window = connectTestWindow(engine);
  windows.push(window);
  return {
    engine,
    window,
    logLines,
    pid: () => engine.pid as number,
    async signIn(username) {
      const signing = window.request('auth.signIn', { service: 'sandbox' });
      for (let i = 0; i < 500 && opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      const link = await new TestBrowser().authorize(opened.shift()!, {
        username,
        password: 'sandbox',
        decision: 'allow',
      });
      await engine.call('deepLink', link);
      await signing;
      for (let i = 0; i < 500 && !engine.status.queueOpen; i++) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
