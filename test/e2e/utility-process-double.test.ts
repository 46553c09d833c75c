// The double's utilityProcess and MessageChannelMain behave as Electron 45 documents them, with a
// REAL Node child process, and refuse what Electron (or the package's fuses) refuses. No browser.
import childProcess from 'node:child_process';
import { once, type EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeElectron } from './harness/fake-electron';
import { RUN_AS_NODE_REFUSAL } from './harness/fake-fuses';
import type { FakeMessagePortMain, PortMessageEvent } from './harness/fake-message-port';
import { linuxDouble } from './support/linux-double';

// The child: answers on parentPort, echoes on any port it is given, reports what it lacks.
const childSource = `
const parentPort = process.parentPort;
parentPort.on('message', (event) => {
  const { data, ports } = event;
  if (data.kind === 'echo') parentPort.postMessage({ echoed: data.value, argv: process.argv.slice(2), send: typeof process.send });
  if (data.kind === 'port') {
    const [port] = ports;
    port.on('message', (inner) => {
      if (inner.data === 'close') port.close();
      else port.postMessage({ back: inner.data });
    });
    port.start();
    parentPort.postMessage({ gotPorts: ports.length });
  }
  if (data.kind === 'print') process.stdout.write('hello from the child\\n');
  if (data.kind === 'exit') process.exit(data.code);
});
`;
// A child that listens only after a while: what was posted before must still arrive, in order.
const lateSource = `
setTimeout(() => {
  const seen = [];
  process.parentPort.on('message', ({ data }) => {
    seen.push(data);
    if (seen.length === 3) process.parentPort.postMessage(seen);
  });
}, 300);
`;

let dir = '';
let childPath = '';
let latePath = '';
const doubles: FakeElectron[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-utility-'));
  childPath = join(dir, 'child.mjs');
  latePath = join(dir, 'late.mjs');
  await writeFile(childPath, childSource);
  await writeFile(latePath, lateSource);
});
afterEach(async () => {
  for (const double of doubles.splice(0)) await double.end();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function electron(ready = true): FakeElectron {
  const double = linuxDouble(dir);
  doubles.push(double);
  if (ready) double.app.markReady();
  return double;
}

function nextMessage(emitter: EventEmitter): Promise<unknown> {
  return new Promise((resolve) => emitter.once('message', resolve));
}

describe('utilityProcess.fork in the double', () => {
  it('refuses to fork before the app is ready, and a stdin other than ignore', () => {
    const early = electron(false);
    expect(() => early.utilityProcess.fork(childPath)).toThrow('before app is ready');
    const ready = electron();
    expect(() => ready.utilityProcess.fork(childPath, [], { stdio: ['pipe', 'pipe', 'pipe'] })).toThrow(
      "stdin can only be 'ignore'",
    );
  });

  it('runs a real child: spawn, pid, messages both ways, args, no process.send, exit code, pid gone', async () => {
    const child = electron().utilityProcess.fork(childPath, ['--flag'], { serviceName: 'test child' });
    expect(child.pid).toBeUndefined();
    // Posted before 'spawn': delivered once the child is up.
    child.postMessage({ kind: 'echo', value: 42 });
    await once(child, 'spawn');
    expect(child.pid).toBeGreaterThan(0);
    expect(await nextMessage(child)).toEqual({ echoed: 42, argv: ['--flag'], send: 'undefined' });
    child.postMessage({ kind: 'exit', code: 3 });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(3);
    expect(child.pid).toBeUndefined();
  });

  it('queues what the parent posts until the child listens', async () => {
    const child = electron().utilityProcess.fork(latePath);
    for (const value of [1, 2, 3]) child.postMessage(value);
    expect(await nextMessage(child)).toEqual([1, 2, 3]);
    child.kill();
  });

  it('pipes stdout only when asked, and kill() ends the child with a number', async () => {
    const child = electron().utilityProcess.fork(childPath, [], { stdio: 'pipe' });
    await once(child, 'spawn');
    const out = child.stdout;
    expect(out).not.toBeNull();
    const line = new Promise<string>((resolve) => out?.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    child.postMessage({ kind: 'print' });
    expect(await line).toBe('hello from the child\n');
    expect(child.kill()).toBe(true);
    const [code] = (await once(child, 'exit')) as [unknown];
    expect(typeof code).toBe('number');
    expect(child.stdout).toBeNull();
    expect(child.kill()).toBe(false);
  });

  it('transfers a MessagePortMain into the child: it talks back on it, the sent port is spent', async () => {
    const double = electron();
    const child = double.utilityProcess.fork(childPath);
    const { port1, port2 } = new double.MessageChannelMain();
    child.postMessage({ kind: 'port' }, [port2]);
    expect(await nextMessage(child)).toEqual({ gotPorts: 1 });
    expect(() => port2.postMessage('again')).toThrow('was transferred');
    expect(() => child.postMessage({ kind: 'port' }, [port2])).toThrow('already transferred');
    port1.start();
    port1.postMessage('ping');
    const event = (await nextMessage(port1)) as PortMessageEvent;
    expect(event).toEqual({ data: { back: 'ping' }, ports: [] });
    // The child closes its end: this end hears 'close'.
    const closed = once(port1, 'close');
    port1.postMessage('close');
    await closed;
    child.kill();
  });

  it('hands the child what its partner posted before the port was transferred, in order', async () => {
    const double = electron();
    const child = double.utilityProcess.fork(childPath);
    await once(child, 'spawn');
    const { port1, port2 } = new double.MessageChannelMain();
    port1.postMessage('queued first');
    port1.postMessage('queued second');
    child.postMessage({ kind: 'port' }, [port2]);
    const answers: unknown[] = [];
    port1.on('message', (event: PortMessageEvent) => answers.push(event.data));
    port1.start();
    port1.postMessage('after the move');
    await expect.poll(() => answers.length).toBe(3);
    expect(answers).toEqual([{ back: 'queued first' }, { back: 'queued second' }, { back: 'after the move' }]);
    child.kill();
  });

  it('a port whose partner is in a child that dies hears close', async () => {
    const double = electron();
    const child = double.utilityProcess.fork(childPath);
    const { port1, port2 } = new double.MessageChannelMain();
    child.postMessage({ kind: 'port' }, [port2]);
    await nextMessage(child);
    const closed = once(port1, 'close');
    child.kill();
    await closed;
  });

  it('refuses what cannot be structured-cloned and transfer lists of anything but unused ports', () => {
    const double = electron();
    const child = double.utilityProcess.fork(childPath);
    expect(() => child.postMessage({ callback: () => undefined })).toThrow();
    expect(() => child.postMessage('x', [{} as FakeMessagePortMain])).toThrow('Only MessagePortMain');
    const { port1 } = new double.MessageChannelMain();
    expect(() => child.postMessage('x', [port1, port1])).toThrow('twice');
    expect(() => port1.postMessage('x', [port1])).toThrow('cannot transfer itself');
    child.kill();
  });
});

describe('MessageChannelMain in the double', () => {
  it('queues messages until start(), delivers { data, ports } as copies, and close reaches the other end', async () => {
    const double = electron();
    const { port1, port2 } = new double.MessageChannelMain();
    const sent = { nested: [1, 2] };
    port1.postMessage(sent);
    let early = false;
    port2.on('message', () => (early = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(early).toBe(false);
    const received = nextMessage(port2);
    port2.start();
    const event = (await received) as PortMessageEvent;
    expect(event.data).toEqual(sent);
    expect(event.data).not.toBe(sent);
    const closed = once(port2, 'close');
    port1.close();
    await closed;
  });

  it('delivers what the other end posted before it closed, then close', async () => {
    const double = electron();
    const { port1, port2 } = new double.MessageChannelMain();
    const heard: unknown[] = [];
    port2.on('message', (event: PortMessageEvent) => heard.push(event.data));
    const closed = once(port2, 'close').then(() => heard.push('close'));
    port2.start();
    port1.postMessage('first');
    port1.postMessage('second');
    port1.close();
    await closed;
    expect(heard).toEqual(['first', 'second', 'close']);
  });

  it('moves a port sent over another port: the new object talks to the old partner', async () => {
    const double = electron();
    const carrier = new double.MessageChannelMain();
    const payload = new double.MessageChannelMain();
    carrier.port1.postMessage('take this', [payload.port2]);
    carrier.port2.start();
    const { ports } = (await nextMessage(carrier.port2)) as PortMessageEvent;
    const [moved] = ports;
    expect(moved).toBeDefined();
    moved?.start();
    payload.port1.postMessage('to the moved port');
    expect(((await nextMessage(moved as FakeMessagePortMain)) as PortMessageEvent).data).toBe('to the moved port');
  });
});

describe('the RunAsNode fuse in the double', () => {
  it("child_process.fork of the app's own executable throws while the double runs, and works again after", async () => {
    const double = electron();
    expect(() => childProcess.fork(childPath)).toThrow(RUN_AS_NODE_REFUSAL);
    expect(() => childProcess.fork(childPath, [], { execPath: process.execPath })).toThrow(RUN_AS_NODE_REFUSAL);
    await double.end();
    doubles.splice(doubles.indexOf(double), 1);
    const child = childProcess.fork(childPath, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    await once(child, 'spawn');
    child.kill();
  });
});
