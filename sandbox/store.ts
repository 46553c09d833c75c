// Owns the state, the sandbox clock and persistence (one JSON file written atomically, plus image
// files), and answers the lookups the routes need.
import {
  chmodSync,
  closeSync,
  constants,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
  readdirSync,
} from 'node:fs';
import { join } from 'node:path';
import { seedState } from './seed';
import type { ApplicationRecord, ShotRecord, State, TokenRecord, UserRecord } from './model';

const STATE_FILE = 'state.json';

export class Store {
  state: State;
  private dirty = false;
  private tmpCounter = 0;

  constructor(
    private readonly dataDir: string | undefined,
    private readonly warn: (msg: string) => void,
  ) {
    this.state = this.load();
  }

  // ---- clock -------------------------------------------------------------------------------

  now(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  setNow(ms: number): void {
    this.state.clockOffsetMs = ms - Date.now();
    this.markDirty();
  }

  /** Publishes scheduled shots whose time has come. Once published, a shot stays published. */
  tick(): void {
    const now = this.now();
    for (const shot of this.state.shots) {
      if (shot.publishedAt === null && shot.scheduledFor !== null && shot.scheduledFor <= now) {
        shot.publishedAt = shot.scheduledFor;
        shot.scheduledFor = null;
        this.markDirty();
      }
    }
  }

  // ---- lookups ----------------------------------------------------------------------------

  user(id: number): UserRecord | undefined {
    return this.state.users.find((u) => u.id === id);
  }

  userByName(username: string): UserRecord | undefined {
    const lower = username.toLowerCase();
    return this.state.users.find((u) => u.username.toLowerCase() === lower);
  }

  application(clientId: string): ApplicationRecord | undefined {
    return this.state.applications.find((a) => a.clientId === clientId);
  }

  token(value: string): TokenRecord | undefined {
    const t = this.state.tokens.find((x) => x.token === value && !x.revoked);
    if (t) return t;
    const app = this.state.applications.find((a) => a.clientToken === value);
    if (app)
      return {
        token: app.clientToken,
        clientId: app.clientId,
        userId: null,
        scopes: ['public'],
        createdAt: 0,
        revoked: false,
      };
    return undefined;
  }

  shot(id: number): ShotRecord | undefined {
    return this.state.shots.find((s) => s.id === id);
  }

  /** True once processing has completed (the shot is retrievable). */
  isReady(shot: ShotRecord): boolean {
    return shot.readyAtRealMs <= Date.now();
  }

  isPublished(shot: ShotRecord): boolean {
    return shot.publishedAt !== null;
  }

  nextId(kind: keyof State['nextIds']): number {
    const id = this.state.nextIds[kind];
    this.state.nextIds[kind] = id + 1;
    this.markDirty();
    return id;
  }

  // ---- persistence ------------------------------------------------------------------------

  markDirty(): void {
    this.dirty = true;
  }

  /** Writes the state if it changed: temp file, fsync, rename, so a crash never leaves half a file. */
  flush(): void {
    if (!this.dirty || !this.dataDir) {
      this.dirty = false;
      return;
    }
    this.dirty = false;
    // The state holds live tokens and passwords: a 0700 folder, a 0600 file, never through a link.
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32') chmodSync(this.dataDir, 0o700);
    const target = join(this.dataDir, STATE_FILE);
    const tmp = `${target}.${process.pid}.${++this.tmpCounter}.tmp`;
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      writeSync(fd, JSON.stringify(this.state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  }

  reset(): void {
    this.state = seedState();
    if (this.dataDir) rmSync(this.imageDir(), { recursive: true, force: true });
    this.markDirty();
    this.flush();
  }

  imageDir(): string {
    if (!this.dataDir) throw new Error('no data dir');
    return join(this.dataDir, 'images');
  }

  get persistent(): boolean {
    return this.dataDir !== undefined;
  }

  private load(): State {
    if (!this.dataDir) return seedState();
    const file = join(this.dataDir, STATE_FILE);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      const fresh = seedState();
      this.state = fresh;
      this.dirty = true;
      this.flush();
      this.cleanTempFiles();
      return fresh;
    }
    this.cleanTempFiles();
    try {
      const parsed = JSON.parse(text) as State;
      if (parsed.version !== 1 || !Array.isArray(parsed.users)) throw new Error('unknown state version');
      return parsed;
    } catch (err) {
      const aside = `${file}.corrupt-${Date.now()}`;
      renameSync(file, aside);
      this.warn(
        `sandbox: ${file} was unreadable (${(err as Error).message}); moved to ${aside}, starting from the seed`,
      );
      const fresh = seedState();
      this.state = fresh;
      this.dirty = true;
      this.flush();
      return fresh;
    }
  }

  private cleanTempFiles(): void {
    if (!this.dataDir) return;
    try {
      for (const name of readdirSync(this.dataDir)) {
        if (name.startsWith(`${STATE_FILE}.`) && name.endsWith('.tmp'))
          rmSync(join(this.dataDir, name), { force: true });
      }
    } catch {
      // nothing to clean
    }
  }
}
