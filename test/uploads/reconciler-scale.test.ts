// Confirmation at volume: more shots in flight than five pages of the account's shots hold, and a
// shot older than any page a check reads. The service here is an in-memory stand-in that pages
// exactly as the service does (newest first, at most 100 a page, processing shots not listed), so
// every request can be counted; the volume run against the real sandbox is the upload benchmark.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadQueue } from '../../main/uploads/index';
import type { ImagePreparer, UploadService } from '../../main/uploads/index';
import type { RemoteShot } from '../../main/uploads/ports';

let root: string;
const queues: UploadQueue[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-reconciler-'));
});

afterAll(async () => {
  for (const queue of queues) await queue.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface StoredShot extends RemoteShot {
  ready: boolean;
}

/** Counts each kind of request; shots stay unlisted ("processing") until `finishProcessing()`. */
class PagedService implements UploadService {
  readonly shots: StoredShot[] = [];
  readonly requests = { posts: 0, pages: 0, locations: 0 };
  private nextId = 1;
  processInstantly = false;

  addExisting(count: number): void {
    for (let i = 0; i < count; i++)
      this.shots.push({ id: this.nextId++, title: `old ${i}`, publishedAt: '2026-01-01T00:00:00Z', ready: true });
  }

  finishProcessing(): void {
    for (const shot of this.shots) shot.ready = true;
  }

  async createShot(form: { title: string }) {
    this.requests.posts++;
    const id = this.nextId++;
    this.shots.push({ id, title: form.title, publishedAt: new Date().toISOString(), ready: this.processInstantly });
    return { ok: true as const, value: { location: `https://api.test/v2/shots/${id}`, shotId: id } };
  }

  async getShotAt(location: string) {
    this.requests.locations++;
    const id = Number(location.split('/').at(-1));
    const shot = this.shots.find((s) => s.id === id && s.ready);
    return { ok: true as const, value: shot };
  }

  async listMyShots(page: number, perPage: number) {
    this.requests.pages++;
    const listed = this.shots.filter((s) => s.ready).sort((a, b) => b.id - a.id);
    const size = Math.min(perPage, 100);
    return {
      ok: true as const,
      value: { shots: listed.slice((page - 1) * size, page * size), hasNext: listed.length > page * size },
    };
  }

  async currentAccount() {
    return { ok: true as const, value: { id: 1, pro: true, type: 'Player', teams: [], canUploadShot: true } };
  }
}

const preparer: ImagePreparer = {
  async prepare() {
    return {
      ok: true,
      value: { buffer: Buffer.alloc(16), format: 'png', width: 400, height: 300, bytes: 16, warnings: [] },
    };
  },
};

function files(dir: string, count: number): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `f${i}.png`);
    fs.writeFileSync(file, `content ${dir} ${i}`);
    return file;
  });
}

function open(service: UploadService, dir: string): UploadQueue {
  const queue = UploadQueue.open({
    dataDir: dir,
    service,
    preparer,
    uploadConcurrency: 8,
    prepareConcurrency: 8,
    readyAhead: 64,
    expectedProcessingMs: 50,
    busyCheckGapMs: 1_000,
    // Long enough for a slow, shared machine to post all 700 before the first is processed.
    processingTimeoutMs: 120_000,
    journal: { compactAfterLines: 5_000 },
  });
  queues.push(queue);
  return queue;
}

describe('confirming shots at volume', () => {
  it(
    'confirms 700 shots in flight (more than five pages hold), at a cost linear in the shots',
    { timeout: 180_000 },
    async () => {
      const service = new PagedService();
      const queue = open(service, path.join(root, 'many'));
      const count = 700;
      await queue.add(
        files(path.join(root, 'many-files'), count).map((f, i) => ({
          sourcePath: f,
          metadata: { title: `shot ${i}` },
        })),
      );
      // Every shot is sent before any is processed: all 700 are in flight at once.
      while (service.requests.posts < count) await new Promise((r) => setTimeout(r, 20));
      const before = { ...service.requests };
      service.finishProcessing();
      await queue.whenIdle();
      const states = queue.list().map((j) => j.state);
      expect(states.filter((s) => s === 'published')).toHaveLength(count);
      expect(service.requests.posts).toBe(count);
      // The check that confirms them reads one page per hundred shots in flight, and no Location.
      expect(service.requests.pages - before.pages, JSON.stringify(service.requests)).toBe(count / 100);
      expect(service.requests.locations).toBe(0);
    },
  );

  it('looks up shots older than any page a check reads at their Location', { timeout: 60_000 }, async () => {
    const service = new PagedService();
    const dir = path.join(root, 'old');
    // Two shots accepted by an earlier run, then 1,000 newer shots on the account before they are processed.
    const first = open(service, dir);
    await first.add(
      files(path.join(root, 'old-files'), 2).map((f, i) => ({
        sourcePath: f,
        metadata: { title: `the old one ${i}` },
      })),
    );
    while (first.list().some((j) => j.state !== 'processing')) await new Promise((r) => setTimeout(r, 20));
    await first.close();
    service.addExisting(1_000);
    service.finishProcessing();
    const before = { ...service.requests };
    const second = open(service, dir);
    await second.whenIdle();
    // Prepared side by side, the two may have been sent in either order.
    const outcomes = second.list().map((j) => [j.state, j.shotId] as const);
    expect(outcomes.sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))).toEqual([
      ['published', 1],
      ['published', 2],
    ]);
    expect(service.requests.pages - before.pages).toBeLessThanOrEqual(2);
    expect(service.requests.locations - before.locations).toBe(2);
  });
});
