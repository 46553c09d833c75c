import { describe, expect, test } from 'vitest';
import { createOpenExternal } from '../../main/app/open-external';

describe('openExternal', () => {
  test('passes http(s) to the shell and refuses every other scheme', async () => {
    const opened: string[] = [];
    const log: string[] = [];
    const open = createOpenExternal({ openExternal: async (url: string) => void opened.push(url) }, (line) =>
      log.push(line),
    );
    await open('https://dribbble.com/shots/1');
    await open('http://127.0.0.1:4000/shots/2');
    await open('HTTPS://Dribbble.com/a b');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app.shotput://oauth/callback?code=x',
      'smb://host/share',
      'not a url',
    ]) {
      await expect(open(url)).rejects.toThrow(/http or https/);
    }
    expect(opened).toEqual([
      'https://dribbble.com/shots/1',
      'http://127.0.0.1:4000/shots/2',
      'https://dribbble.com/a%20b',
    ]);
    expect(log).toHaveLength(5);
    expect(log.join('\n')).not.toContain('passwd');
  });
});
