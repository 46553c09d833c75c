// utilityProcess for the hand-made 'electron' mocks of test/app: the Electron double's real Node
// child process, with the built entries of the sandbox and the engine (out/main/sandbox-host.js,
// out/main/engine-host.js) swapped for their sources run through tsx, so these tests need no build.
import { join } from 'node:path';
import { FakeUtilityProcessModule, type FakeForkOptions } from '../e2e/harness/fake-utility-process';
import { repoRoot } from '../e2e/harness/repo-paths';

const sources: Record<string, string> = {
  [join('out', 'main', 'sandbox-host.js')]: join(repoRoot, 'main', 'service', 'sandbox-host.ts'),
  [join('out', 'main', 'engine-host.js')]: join(repoRoot, 'main', 'engine', 'engine-host.ts'),
};

export function utilityProcessForTests() {
  const module = new FakeUtilityProcessModule(() => true);
  return {
    fork(modulePath: string, args: string[] = [], options: FakeForkOptions = {}) {
      const built = Object.keys(sources).find((entry) => modulePath.endsWith(entry));
      const fromSource = built !== undefined;
      return module.fork(fromSource ? (sources[built] as string) : modulePath, args, {
        ...options,
        execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...(options.execArgv ?? [])],
      });
    },
  };
}
