// utilityProcess for the hand-made 'electron' mocks of test/app: the Electron double's real Node
// child process, with the sandbox's built entry (out/main/sandbox-host.js) swapped for its source
// run through tsx, so these tests need no build.
import { join } from 'node:path';
import { FakeUtilityProcessModule, type FakeForkOptions } from '../e2e/harness/fake-utility-process';
import { repoRoot } from '../e2e/harness/repo-paths';

const builtEntry = join('out', 'main', 'sandbox-host.js');
const sourceEntry = join(repoRoot, 'main', 'service', 'sandbox-host.ts');

export function utilityProcessForTests() {
  const module = new FakeUtilityProcessModule(() => true);
  return {
    fork(modulePath: string, args: string[] = [], options: FakeForkOptions = {}) {
      const fromSource = modulePath.endsWith(builtEntry);
      return module.fork(fromSource ? sourceEntry : modulePath, args, {
        ...options,
        execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...(options.execArgv ?? [])],
      });
    },
  };
}
