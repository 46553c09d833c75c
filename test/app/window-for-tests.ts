// A window's end of the port to a real engine, for main's tests: the preload's own EngineLink on a
// channel of the Electron double (FakeMessageChannelMain), its engine end handed over with
// EngineClient.connectWindow as main/app/window-engine-port.ts does. reconnect() is what main does
// when the engine has started again.
import type { RequestName, Result } from '../../common/contract/index';
import { eventNames } from '../../common/contract/index';
import type { EngineClient } from '../../main/engine/engine-client';
import { EngineLink, type PagePort } from '../../common/engine-link';
import { FakeMessageChannelMain, type FakeMessagePortMain } from '../e2e/harness/fake-message-port';

export interface TestWindow {
  request(name: RequestName, payload: unknown): Promise<Result<unknown>>;
  grant(paths: string[]): void;
  events: Array<{ name: string; payload: unknown }>;
  reconnect(): void;
}

/** A MessagePortMain seen as the DOM port the preload gets. */
export function asPagePort(port: FakeMessagePortMain): PagePort {
  let listener: PagePort['onmessage'] = null;
  return {
    postMessage: (message) => port.postMessage(message),
    get onmessage() {
      return listener;
    },
    set onmessage(next) {
      listener = next;
      port.on('message', (event) => listener?.(event));
      port.start();
    },
    close: () => port.close(),
  };
}

export function connectTestWindow(engine: Pick<EngineClient, 'connectWindow'>): TestWindow {
  const link = new EngineLink();
  const events: TestWindow['events'] = [];
  for (const name of eventNames) link.on(name, (payload) => events.push({ name, payload }));
  const reconnect = (): void => {
    const { port1, port2 } = new FakeMessageChannelMain();
    void engine.connectWindow(port1);
    link.adopt(asPagePort(port2));
  };
  reconnect();
  return {
    request: (name, payload) => link.request(name, payload),
    grant: (paths) => link.grant(paths),
    events,
    reconnect,
  };
}
