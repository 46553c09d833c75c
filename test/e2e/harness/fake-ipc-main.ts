// ipcMain of the fake Electron: the real handlers registered by main/app are stored here and
// called with an event that looks like Electron's (sender, senderFrame) when the page invokes.
import { EventEmitter } from 'node:events';

export interface FakeSenderFrame {
  url: string;
  parent: FakeSenderFrame | null;
}

export interface FakeInvokeEvent {
  sender: unknown;
  senderFrame: FakeSenderFrame | null;
  frameId: number;
  processId: number;
}

type InvokeHandler = (event: FakeInvokeEvent, ...args: unknown[]) => unknown;

export class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>();
  /** Every channel the page invoked, in order (for tests of what reaches main at all). */
  readonly invoked: string[] = [];

  handle(channel: string, handler: InvokeHandler): void {
    // Electron refuses a second handler for a channel; so does the fake.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What ipcRenderer.invoke does in Electron: runs the handler, answers a structured clone. */
  async invoke(event: FakeInvokeEvent, channel: string, args: unknown[]): Promise<unknown> {
    this.invoked.push(channel);
    const handler = this.handlers.get(channel);
    if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
    return structuredClone(await handler(event, ...args));
  }
}
