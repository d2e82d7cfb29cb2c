import { describe, expect, it, vi } from 'vitest';
import { linkOf, remindersPage, sessionTokenKey, takeToken } from './link.ts';

function fakeWindow(url: string, stored: Record<string, string> = {}) {
  const u = new URL(url, 'https://app.example.test');
  const store = new Map(Object.entries(stored));
  return {
    location: { pathname: u.pathname, search: u.search, hash: u.hash },
    history: { state: { idx: 1 }, replaceState: vi.fn() },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    store,
  };
}

describe('the link', () => {
  it('reads {tid}/{ttid} from the path', () => {
    expect(linkOf('/in-progress/acc1/ten1')).toBe('acc1/ten1');
    expect(linkOf('/in-progress/acc1/ten1/')).toBe('acc1/ten1');
    expect(linkOf('/in-progress/acc%201/t')).toBe('acc 1/t');
    expect(linkOf('/in-progress/acc1')).toBeNull();
    expect(linkOf('/tenant/acc1/ten1')).toBeNull();
  });

  it('takes the token out of the address bar, keeping the path, other parameters and fragment', () => {
    const win = fakeWindow('/in-progress/acc1/ten1?token=rsp_abc&lang=de#GV.1');
    expect(takeToken(win)).toEqual({ link: 'acc1/ten1', token: 'rsp_abc', fromUrl: true });
    expect(win.history.replaceState).toHaveBeenCalledWith(
      { idx: 1 },
      '',
      '/in-progress/acc1/ten1?lang=de#GV.1',
    );
    expect(win.store.get(sessionTokenKey('acc1/ten1'))).toBe('rsp_abc');
  });

  it('after a reload finds the token in the tab’s sessionStorage', () => {
    const win = fakeWindow('/in-progress/acc1/ten1', {
      [sessionTokenKey('acc1/ten1')]: 'rsp_kept',
    });
    expect(takeToken(win)).toEqual({ link: 'acc1/ten1', token: 'rsp_kept', fromUrl: false });
    expect(win.history.replaceState).not.toHaveBeenCalled();
  });

  it('keeps tokens of different links apart, and a new link replaces the kept token', () => {
    const other = fakeWindow('/in-progress/acc1/ten2', {
      [sessionTokenKey('acc1/ten1')]: 'rsp_kept',
    });
    expect(takeToken(other).token).toBeNull();
    const fresh = fakeWindow('/in-progress/acc1/ten1?token=rsp_new', {
      [sessionTokenKey('acc1/ten1')]: 'rsp_old',
    });
    expect(takeToken(fresh).token).toBe('rsp_new');
    expect(fresh.store.get(sessionTokenKey('acc1/ten1'))).toBe('rsp_new');
  });

  it('works when the browser blocks storage', () => {
    const win = fakeWindow('/in-progress/acc1/ten1?token=rsp_abc');
    win.sessionStorage.setItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(takeToken(win).token).toBe('rsp_abc');
  });
});

describe('the stop-reminders page', () => {
  it('is the link’s path with /reminders, its questions reached through this tab’s storage', () => {
    const win = fakeWindow('/in-progress/acc1/ten1/reminders?token=rsp_abc');
    const opened = takeToken(win);
    expect(opened).toEqual({ link: null, token: 'rsp_abc', fromUrl: true });
    expect(remindersPage(win, opened.token)).toEqual({ answerLink: '/in-progress/acc1/ten1' });
    expect(win.store.get(sessionTokenKey('acc1/ten1'))).toBe('rsp_abc');
    expect(remindersPage(fakeWindow('/in-progress/acc1/ten1'), 'rsp_abc')).toBeNull();
  });
});
