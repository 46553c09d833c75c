// The engine's utility process of a launched app, as the double started it: the one a test kills
// or freezes to see what the window and main do meanwhile.
import { expect } from 'vitest';
import type { LaunchedApp } from '../harness/index';

export function engineProcess(launched: LaunchedApp) {
  const running = launched.electron.utilityProcess.children.filter(
    (child) => child.serviceName === 'Shotput engine' && child.pid !== undefined,
  );
  expect(running).toHaveLength(1);
  return running[0]!;
}
