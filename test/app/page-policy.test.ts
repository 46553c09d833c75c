// The header follows the bundled sandbox: responses wait for a start in progress; a page served
// before the sandbox ran is served again once, and only then.
import { describe, expect, test, vi } from 'vitest';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';
import { PagePolicy } from '../../main/app/page-policy';

vi.mock('electron', () => ({}));

const sandbox = 'http://127.0.0.1:40404';

describe('page policy', () => {
  test('a sandbox starting as the window opens: the first page waits and names it, no reload', async () => {
    const reloads: number[] = [];
    const policy = new PagePolicy(() => reloads.push(1));
    let started: () => void = () => undefined;
    policy.waitFor(new Promise<void>((resolve) => (started = resolve)));
    const header = policy.header();
    policy.sandboxStarted(sandbox);
    started();
    expect(await header).toBe(contentSecurityPolicyFor(sandbox));
    expect(reloads).toEqual([]);
  });

  test('a sandbox started after the page was served: later responses name it and the page is served again once', async () => {
    const reloads: number[] = [];
    const policy = new PagePolicy(() => reloads.push(1));
    expect(await policy.header()).toBe(contentSecurityPolicyFor(undefined));
    policy.sandboxStarted(sandbox);
    expect(reloads).toHaveLength(1);
    expect(await policy.header()).toBe(contentSecurityPolicyFor(sandbox));
    policy.sandboxStarted(sandbox);
    expect(reloads).toHaveLength(1);
  });

  test('a failed start is waited for too, and the page is served without a loopback source', async () => {
    const policy = new PagePolicy(() => undefined);
    policy.waitFor(Promise.reject(new Error('port in use')));
    expect(await policy.header()).toBe(contentSecurityPolicyFor(undefined));
  });
});
