// Issue 33, finding 3: a comment and a shot title carrying terminal escape sequences (OSC 0 to
// retitle the window, OSC 52 to write the clipboard, CSI 2J to erase the screen, the one-byte C1
// CSI 0x9b, a carriage return to overwrite a line) reach the terminal as inert text in every text
// printer, and exactly as sent with --json.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, createShot, start, token } from '../sandbox/helpers';
import type { Sandbox } from '../sandbox/helpers';
import { runCli } from '../cli/run-cli';
import { terminalText } from '../../main/cli/terminal-text';

const HOSTILE = 'Evil\x1b]0;owned\x07 \x1b]52;c;aGVsbG8=\x07 \x1b[2J\x9b2J\rfake line\x7f end';
// Any control character but newline and tab.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let sb: Sandbox;
let dataDir: string;
let ada: string;
let shotId: number;

beforeAll(async () => {
  sb = await start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-escapes-'));
  ada = await token(sb, 'ada', ['public', 'upload', 'comment', 'write']);
  shotId = await createShot(sb, ada, { title: HOSTILE, tags: ['calm', 'x\x1b[31mred'] });
  await control(sb, 'comments', { shot_id: shotId, username: 'ben', body_html: `<p>${HOSTILE}</p>` });
});

afterAll(async () => {
  await sb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]) {
  return runCli(['--api', sb.api, '--token', ada, '--data-dir', dataDir, ...args]);
}

describe('service text printed to a terminal', () => {
  it('replaces every control character but newline and tab, in one function', () => {
    expect(terminalText('a\tb\nc\x1b[2Jd\x9be\x00f\x7f')).toBe('a\tb\nc\uFFFD[2Jd\uFFFDe\uFFFDf\uFFFD');
  });

  it.each([
    ['comments list', () => ['comments', String(shotId), 'list']],
    ['shots list', () => ['shots', 'list']],
    ['shots show', () => ['shots', 'show', String(shotId)]],
    ['popular', () => ['popular']],
  ])('%s prints the title or comment with its escapes made inert', async (_name, args) => {
    const run = await cli(...args());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Evil\uFFFD]0;owned\uFFFD');
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stderr).not.toMatch(CONTROL);
  });

  it('--json keeps the exact text', async () => {
    const comments = JSON.parse((await cli('--json', 'comments', String(shotId), 'list')).stdout) as {
      body: string;
    }[];
    expect(comments.map((c) => c.body)).toContain(`<p>${HOSTILE}</p>`);
    // As the service keeps it (a form field's lone CR travels as CRLF), byte for byte.
    const stored = (await (
      await fetch(`${sb.api}/v2/shots/${shotId}`, { headers: { authorization: `Bearer ${ada}` } })
    ).json()) as { title: string };
    expect(stored.title).toMatch(CONTROL);
    const shots = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as { id: number; title: string }[];
    expect(shots.find((s) => s.id === shotId)?.title).toBe(stored.title);
  });
});
