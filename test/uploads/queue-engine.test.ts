// The queue engine against small in-test stand-ins for the service and the image pipeline
// (those modules are built elsewhere); the end-to-end tests use the real ones over HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadQueue } from '../../main/uploads/queue';
import type { CreateShotResult, ImagePreparer, RemoteShot, ShotForm, UploadService } from '../../main/uploads/ports';
import type { JobEvent } from '../../main/uploads/types';

class FakeService implements UploadService {
  shots: (RemoteShot & { readyAt: number })[] = [];
  nextId = 100;
  requests = 0;
  /** Answers of the next POSTs: 'ok', 'lost-after' (created, answer lost), 'lost-before'. */
  script: ('ok' | 'lost-after' | 'lost-before')[] = [];
  processingMs = 50;

  async createShot(form: ShotForm): Promise<CreateShotResult> {
    this.requests++;
    const mode = this.script.shift() ?? 'ok';
    if (mode === 'lost-before') return { ok: false, outcome: 'unknown', message: 'The connection dropped.', retryable: true };
    const id = this.nextId++;
    this.shots.push({ id, title: form.title, publishedAt: new Date().toISOString(), readyAt: Date.now() + this.processingMs });
    if (mode === 'lost-after') return { ok: false, outcome: 'unknown', message: 'The connection dropped.', retryable: true };
    return { ok: true, location: `http://x/v2/shots/${id}`, shotId: id };
  }
  async getShotAt(location: string) {
    this.requests++;
    const id = Number(location.split('/').pop());
    const shot = this.visible().find((s) => s.id === id);
    return shot ? ({ ok: true, found: true, shot } as const) : ({ ok: true, found: false } as const);
  }
  async listMyShots(page: number, perPage: number) {
    this.requests++;
    const all = this.visible().sort((a, b) => b.id - a.id);
    return { ok: true as const, shots: all.slice((page - 1) * perPage, page * perPage), hasNext: all.length > page * perPage };
  }
  async currentAccount() {
    this.requests++;
    return { ok: true as const, account: { id: 1, pro: false, type: 'Player', teams: [], canUploadShot: true } };
  }
  private visible() {
    return this.shots.filter((s) => s.readyAt <= Date.now());
  }
}

const preparer: ImagePreparer = {
  async prepare(file) {
    const buffer = await sharp(file).resize(400, 300).png().toBuffer();
    return { ok: true, buffer, format: 'png', width: 400, height: 300, bytes: buffer.length, warnings: [] };
  },
};

let dir: string;
let files: string[];
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-queue-'));
  files = [];
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, `img-${i}.png`);
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i * 40, g: 10, b: 200 } } }).png().toFile(file);
    files.push(file);
  }
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const fast = { expectedProcessingMs: 60, busyCheckGapMs: 100, retryBaseMs: 20 };

describe('upload queue engine', () => {
  it('publishes every file once and reports each state change', async () => {
    const service = new FakeService();
    const queue = UploadQueue.open({ dataDir: path.join(dir, 'data'), service, preparer, ...fast });
    const events: JobEvent[] = [];
    queue.on('event', (e) => events.push(e));
    const added = await queue.add(files.map((f, i) => ({ sourcePath: f, metadata: { title: `Shot ${i}` } })));
    expect(added.every((a) => a.status === 'added')).toBe(true);
    await queue.whenIdle();
    expect(queue.list().map((j) => j.state)).toEqual(Array(5).fill('published'));
    expect(service.shots).toHaveLength(5);
    const states = events.filter((e) => e.type === 'job' && e.job.sourcePath === files[0]).map((e) => (e.type === 'job' ? e.job.state : ''));
    expect(states).toEqual(['queued', 'preparing', 'ready', 'uploading', 'processing', 'published']);
    await queue.close();
  });

  it('finds a shot whose 202 was lost instead of sending it again, and resends one that never arrived', async () => {
    const service = new FakeService();
    service.script = ['lost-after', 'lost-before'];
    const queue = UploadQueue.open({ dataDir: path.join(dir, 'data'), service, preparer, ...fast, uploadConcurrency: 1 });
    await queue.add(files.slice(0, 2).map((f, i) => ({ sourcePath: f, metadata: { title: `Shot ${i}` } })));
    await queue.whenIdle();
    expect(queue.list().map((j) => j.state)).toEqual(['published', 'published']);
    expect(service.shots.map((s) => s.title).sort()).toEqual(['Shot 0', 'Shot 1']);
    await queue.close();
  });

  it('resumes after a restart and does not add the same content twice', async () => {
    const service = new FakeService();
    const data = path.join(dir, 'data');
    const first = UploadQueue.open({ dataDir: data, service, preparer, ...fast });
    first.pause();
    await first.add([{ sourcePath: files[0]!, metadata: { title: 'Once' } }]);
    await first.close();

    const second = UploadQueue.open({ dataDir: data, service, preparer, ...fast });
    const again = await second.add([{ sourcePath: files[0]!, metadata: { title: 'Once' } }]);
    expect(again[0]?.status).toBe('existing');
    await second.whenIdle();
    expect(second.list().map((j) => j.state)).toEqual(['published']);
    const third = await second.add([{ sourcePath: files[0]!, metadata: { title: 'Once' } }]);
    expect(third[0]?.status).toBe('existing');
    second.clearFinished();
    const fourth = await second.add([{ sourcePath: files[0]!, metadata: { title: 'Once' } }]);
    expect(fourth[0]?.status).toBe('skipped');
    await second.close();
    expect(service.shots).toHaveLength(1);
  });

  it('refuses bad metadata before any request', async () => {
    const service = new FakeService();
    const queue = UploadQueue.open({ dataDir: path.join(dir, 'data'), service, preparer, ...fast });
    const tags = Array.from({ length: 13 }, (_, i) => `t${i}`);
    await queue.add([
      { sourcePath: files[0]!, metadata: { title: '' } },
      { sourcePath: files[1]!, metadata: { title: 'Many tags', tags } },
      { sourcePath: files[2]!, metadata: { title: 'Later', scheduledFor: new Date(Date.now() + 3_600_000).toISOString() } },
      { sourcePath: files[3]!, metadata: { title: 'Not my team', teamId: 4 } },
    ]);
    await queue.whenIdle();
    const reasons = queue.list().map((j) => `${j.state}: ${j.failure?.reason ?? ''}`);
    expect(reasons[0]).toMatch(/^failed: The shot needs a title/);
    expect(reasons[1]).toMatch(/^failed: .*at most 12 tags/);
    expect(reasons[2]).toMatch(/^failed: Scheduling a shot is only for pro/);
    expect(reasons[3]).toMatch(/^failed: This account is not a member of team 4/);
    expect(service.shots).toHaveLength(0);
    await queue.close();
  });
});
