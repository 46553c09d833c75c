// protocol of the fake Electron: records the privileged schemes and the handlers main/app
// registers, with Electron's ordering rules (privileges before ready, handlers after).
export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

export interface PrivilegedScheme {
  scheme: string;
  privileges?: Record<string, boolean>;
}

export class FakeProtocol {
  readonly privileged: PrivilegedScheme[] = [];
  readonly handlers = new Map<string, ProtocolHandler>();

  constructor(private readonly isReady: () => boolean) {}

  registerSchemesAsPrivileged(schemes: PrivilegedScheme[]): void {
    if (this.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    this.privileged.push(...schemes);
  }

  handle(scheme: string, handler: ProtocolHandler): void {
    if (!this.isReady()) throw new Error('protocol.handle must be called after app is ready');
    if (this.handlers.has(scheme)) throw new Error(`The scheme "${scheme}" is already handled`);
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
}
