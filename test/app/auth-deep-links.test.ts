import { describe, expect, it, vi } from 'vitest';
import { FakeApp } from './auth-fakes';

vi.mock('electron', () => ({}));

const { registerDeepLinks } = await import('../../main/app/auth-deep-links');

const link = 'app.shotput://oauth/callback?code=c&state=s';

describe('registerDeepLinks', () => {
  it('registers the scheme and delivers the first launch link once the app is ready', async () => {
    const app = new FakeApp();
    const received: string[] = [];
    registerDeepLinks(app as never, (url) => received.push(url), {
      argv: ['/opt/Shotput/shotput', link],
      defaultApp: false,
    });
    expect(app.registrations).toEqual([['app.shotput']]);
    expect(received).toEqual([]);
    await app.becomeReady();
    expect(received).toEqual([link]);
  });

  it('registers the development executable with the app path', () => {
    const app = new FakeApp();
    registerDeepLinks(app as never, () => {}, {
      argv: ['/usr/bin/electron', '.'],
      defaultApp: true,
      execPath: '/usr/bin/electron',
    });
    expect(app.registrations[0]).toEqual(['app.shotput', '/usr/bin/electron', [process.cwd()]]);
  });

  it('takes macOS open-url events and Windows/Linux second-instance argv, and stops on dispose', async () => {
    const app = new FakeApp();
    await app.becomeReady();
    const received: string[] = [];
    const registration = registerDeepLinks(app as never, (url) => received.push(url), {
      argv: ['/opt/Shotput/shotput'],
    });
    const event = { preventDefault: vi.fn() };
    app.emit('open-url', event, link);
    expect(event.preventDefault).toHaveBeenCalled();
    app.emit('second-instance', {}, ['C:\\Shotput\\Shotput.exe', '--flag', `${link}&x=1`], '/');
    app.emit('second-instance', {}, ['C:\\Shotput\\Shotput.exe'], '/');
    expect(received).toEqual([link, `${link}&x=1`]);
    registration.dispose();
    app.emit('open-url', event, link);
    expect(received).toHaveLength(2);
    expect(app.listenerCount('open-url')).toBe(0);
  });
});
