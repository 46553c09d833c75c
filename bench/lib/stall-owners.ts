// Who held main's event loop during its stalls (BENCH_PROFILE=1). The harness runs more on main's
// thread than Electron would: the Playwright client that drives the window (its protocol's messages
// are parsed here), and the relay that carries the window's ports to the engine (in Electron a
// transferred port's messages never touch main's thread). A stall counts against main only when
// main's own code held the loop; so while a phase runs, V8's sampling profiler records this
// process, and each stall's samples are put down to the code that ran them.
import { Session } from 'node:inspector/promises';

/** One stall: when the loop stopped answering and when it answered again, in µs of the monotonic clock. */
export interface StallWindow {
  fromUs: number;
  toUs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Owners by the file a frame ran in (relative to the repository), tried from the outermost frame inwards. */
const owners: [string, RegExp][] = [
  ['Playwright client (harness)', /^node_modules\/playwright-core\//],
  ['port relay (harness)', /^node_modules\/ws\/|^test\/e2e\/harness\/page-port-socket/],
  ['utility process double (harness)', /^test\/e2e\/harness\/(fake-utility-process|fake-message-port)/],
  ['other harness and bench', /^(test|bench)\//],
  ["main's code", /^(out\/main|main|common)\//],
  ['vitest', /^node_modules\/(vitest|@vitest)\//],
  ['other libraries', /^node_modules\//],
];

const root = `${process.cwd()}/`;

function relative(url: string): string {
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  return path.startsWith(root) ? path.slice(root.length) : path;
}

function ownerOfStack(stack: ProfileNode[]): string {
  // GC and the profiler's own bookkeeping have no script frame to blame.
  const leaf = stack[stack.length - 1];
  if (leaf?.callFrame.functionName === '(garbage collector)') return 'garbage collection';
  for (const node of stack) {
    const file = relative(node.callFrame.url);
    const owner = owners.find(([, pattern]) => pattern.test(file));
    if (owner) return owner[0];
  }
  if (leaf?.callFrame.functionName === '(program)') return 'V8 and Node (no script frame)';
  if (leaf?.callFrame.functionName === '(idle)') return 'idle';
  return 'Node internals';
}

export interface StallProfile {
  /**
   * Milliseconds of the stalls' samples by owner, most first; and, since garbage collection has no
   * owner of its own, the megabytes each owner allocated over the phase (the collector's work).
   */
  stop(stalls: StallWindow[]): Promise<{ stalls: [string, number][]; allocatedMb: [string, number][] }>;
}

/** Monotonic µs, the clock V8's profile timestamps use. */
export function nowUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export async function startStallProfile(): Promise<StallProfile> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    // All that was allocated, not only what still lives when the phase ends: the collector's work.
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(stalls) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      const sampled = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
      session.disconnect();
      return { stalls: attribute(profile, stalls), allocatedMb: allocations(sampled.profile.head) };
    },
  };
}

interface HeapNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: HeapNode[];
}

/** Bytes sampled by owner (the outermost frame with one, as for the stalls), in MB, most first. */
function allocations(head: HeapNode): [string, number][] {
  const totals = new Map<string, number>();
  const walk = (node: HeapNode, stack: ProfileNode[]) => {
    const here = [...stack, { id: 0, callFrame: node.callFrame }];
    if (node.selfSize > 0) {
      const owner = ownerOfStack(here);
      totals.set(owner, (totals.get(owner) ?? 0) + node.selfSize / 1e6);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, []);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

function attribute(profile: Profile, stalls: StallWindow[]): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const stackOf = (id: number): ProfileNode[] => {
    const stack: ProfileNode[] = [];
    for (let node = byId.get(id); node; node = parentOf.get(node.id)) stack.unshift(node);
    return stack;
  };
  const totals = new Map<string, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const previous = time;
    time += profile.timeDeltas[i] ?? 0;
    if (!stalls.some((stall) => time > stall.fromUs && time <= stall.toUs)) continue;
    const owner = ownerOfStack(stackOf(profile.samples[i]!));
    totals.set(owner, (totals.get(owner) ?? 0) + (time - previous) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
