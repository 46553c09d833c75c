// Issue 33, finding 1: one data folder, two standalone sandboxes. An upload as ada on A is
// interrupted with files still waiting; a run as ben on B sends ben's file only (not one POST of
// ada's there), names ada's waiting uploads and how they are sent; `queue list` says whose each
// job is; ada's next run on A sends each of her files once.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

// A at 3 requests per 4 s: an interrupted batch leaves files waiting for their turn. The data
// folder the runs share is in A's scratch folder.
const serviceA = useCliSandbox('service-a', { processingMs: 1_000, rateLimit: 3, rateWindowS: 4 });
const serviceB = useCliSandbox('service-b', { processingMs: 300 });

function cli(api: string, token: string, args: string[]): CliRun {
  const run = runCli(['--api', api, '--token', token, '--data-dir', path.join(serviceA.root, 'data')], args, {
    SHOTPUT_EXPECTED_PROCESSING_MS: '300',
    SHOTPUT_DRAIN_MS: '5000',
  });
  serviceA.children.push(run);
  return run;
}

/** Every shot on a sandbox, of every account (processing and scheduled ones too). */
async function shotCount(url: string): Promise<number> {
  const state = (await (await fetch(`${url}/_sandbox/state`)).json()) as { users: { shots: number }[] };
  return state.users.reduce((n, user) => n + user.shots, 0);
}

describe("one data folder, two services: a run sends only its own account's queue", () => {
  it(
    "ben on B sends ben's file alone, names ada's waiting uploads, and ada's next run sends hers once",
    { timeout: 180_000 },
    async () => {
      const ada = await sandboxToken(serviceA.sandbox.url, 'ada');
      const ben = await sandboxToken(serviceB.sandbox.url, 'ben');
      const privateFiles = await makeImages(path.join(serviceA.root, 'private'), 8, 'private', 300);
      const [publicFile] = await makeImages(path.join(serviceA.root, 'public'), 1, 'public', 900);

      const first = cli(serviceA.sandbox.url, ada, ['upload', ...privateFiles]);
      await first.waitForLine((l) => l.type === 'job' && l.state === 'processing');
      first.child.kill('SIGINT');
      expect(await first.exited, first.stderr()).toBe(130);

      const before = await shotCount(serviceB.sandbox.url);
      const second = cli(serviceB.sandbox.url, ben, ['upload', publicFile!]);
      expect(await second.exited, second.stderr()).toBe(0);
      // Not one POST of ada's files on B: B holds one new shot, ben's.
      expect(await shotCount(serviceB.sandbox.url)).toBe(before + 1);
      const benReader = await sandboxToken(serviceB.sandbox.url, 'ben', 'web-demo');
      const onB = (await listAllShots(serviceB.sandbox.url, benReader)).map((s) => s.title);
      expect(onB.filter((t) => t.startsWith('private-'))).toEqual([]);
      expect(onB.filter((t) => t.startsWith('public-'))).toHaveLength(1);
      // The run reports its own jobs only, and names ada's with how they are sent.
      const reported = second.lines.filter((l) => l.type === 'job').map((l) => path.basename(String(l.file)));
      expect(new Set(reported)).toEqual(new Set([path.basename(publicFile!)]));
      expect(second.stderr()).toMatch(
        new RegExp(
          `\\d+ uploads? of ada \\(user \\d+\\) on ${serviceA.sandbox.url.replace(/[.]/g, '\\.')} waits? in that account's queue; this run leaves (it|them): \`shotput --api ${serviceA.sandbox.url.replace(/[.]/g, '\\.')} upload\``,
        ),
      );

      // queue list names whose each job is.
      const list = runCli(['--data-dir', path.join(serviceA.root, 'data')], ['queue', 'list']);
      serviceA.children.push(list);
      expect(await list.exited).toBe(0);
      const jobs = JSON.parse(list.stdout()) as { file: string; account: { login?: string; service: string } }[];
      const owners = new Map(jobs.map((job) => [path.basename(job.file), job.account]));
      expect(owners.get(path.basename(publicFile!))).toMatchObject({
        login: 'ben',
        service: new URL(serviceB.sandbox.url).origin,
      });
      for (const file of privateFiles)
        expect(owners.get(path.basename(file)), file).toMatchObject({
          login: 'ada',
          service: new URL(serviceA.sandbox.url).origin,
        });

      // Ada's next run on A sends each of her files once.
      const third = cli(serviceA.sandbox.url, ada, ['upload', ...privateFiles]);
      expect(await third.exited, third.stderr()).toBe(0);
      const adaReader = await sandboxToken(serviceA.sandbox.url, 'ada', 'web-demo');
      const onA = (await listAllShots(serviceA.sandbox.url, adaReader))
        .map((s) => s.title)
        .filter((t) => t.startsWith('private-'));
      expect(onA.sort()).toEqual(privateFiles.map((f) => path.parse(f).name).sort());
      expect(third.stderr()).not.toMatch(/of ben/);
    },
  );
});
