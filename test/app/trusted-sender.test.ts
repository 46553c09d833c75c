import { describe, expect, test, vi } from 'vitest';
import { createSenderCheck } from '../../main/app/trusted-sender';

vi.mock('electron', () => ({}));

const top = (url: string) => ({ url, parent: null });

describe('IPC sender check', () => {
  test('accepts the app page in production and refuses everything else', () => {
    const trusted = createSenderCheck(undefined);
    expect(trusted(top('app://shotput/index.html'))).toBe(true);
    expect(trusted(top('app://elsewhere/index.html'))).toBe(false);
    expect(trusted(top('http://localhost:5173/'))).toBe(false);
    expect(trusted(top('https://dribbble.com/'))).toBe(false);
    expect(trusted(top('file:///app/out/renderer/index.html'))).toBe(false);
    expect(trusted(top('about:blank'))).toBe(false);
    expect(trusted(null)).toBe(false);
    expect(trusted(undefined)).toBe(false);
  });

  test('refuses a subframe even of the app origin', () => {
    const trusted = createSenderCheck(undefined);
    expect(trusted({ url: 'app://shotput/index.html', parent: top('app://shotput/index.html') as never })).toBe(false);
  });

  test('accepts the dev server origin only when one is configured', () => {
    const trusted = createSenderCheck('http://localhost:5173/');
    expect(trusted(top('http://localhost:5173/index.html'))).toBe(true);
    expect(trusted(top('http://localhost:5174/index.html'))).toBe(false);
    expect(trusted(top('app://shotput/index.html'))).toBe(true);
  });
});
