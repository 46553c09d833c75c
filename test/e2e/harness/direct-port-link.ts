// A channel whose one end main posted into a page and whose other end main transferred to a utility
// process: in Electron the renderer and that process then talk directly, and main's process sees
// none of their messages. The double relays both ends through main's process (the test's) until
// both are known; then it joins them: the child opens a socket of its own and the page's relay
// connects to it. Order is kept across the switch: the child sends nothing more through main
// after it gave its address, so the page reads all it relayed before the 'direct' frame; the page's
// relay says 'cut' through main after the last it sent that way, and the child holds what arrives
// on its own socket until that cut has come (utility-direct-ports.ts).
import type { Entanglement, PortEnd } from './fake-message-port';

/** A port's end in a page (fake-page-ports.ts). */
export interface PageEnd extends PortEnd {
  readonly place: 'page';
  /** The page's relay holds the port, so it can be told where to go. */
  readonly reachable: boolean;
  /** Tells the relay to connect to `address`; `cut` runs when it has said its last through main. */
  goDirect(address: string, cut: () => void): void;
  /** Bytes the page sent on the direct socket (the child counts them). */
  countFromPage(bytes: number): void;
}

/** A port's end in a utility child (fake-utility-process.ts). */
export interface ChildEnd extends PortEnd {
  readonly place: 'child';
  /**
   * Asks the child to take the port's messages on a socket of its own: `ready` gets its address
   * once the child sends nothing more through main; `counted` the bytes that reach it directly.
   */
  openDirect(ready: (address: string) => void, counted: (bytes: number) => void): void;
  /** The page's relay has sent through main the last it will. */
  cut(): void;
}

const joined = new WeakSet<Entanglement>();

function placed<T extends PageEnd | ChildEnd>(end: PortEnd | undefined, place: T['place']): end is T {
  return end !== undefined && (end as Partial<PageEnd | ChildEnd>).place === place;
}

/** Joins a page's end and a child's end of `channel` directly, once both are there (at most once). */
export function joinIfDirect(channel: Entanglement): void {
  if (joined.has(channel)) return;
  const page = channel.ends.find((end) => placed<PageEnd>(end, 'page')) as PageEnd | undefined;
  const child = channel.ends.find((end) => placed<ChildEnd>(end, 'child')) as ChildEnd | undefined;
  if (page === undefined || child === undefined || !page.reachable) return;
  joined.add(channel);
  child.openDirect(
    (address) => page.goDirect(address, () => child.cut()),
    (bytes) => page.countFromPage(bytes),
  );
}
