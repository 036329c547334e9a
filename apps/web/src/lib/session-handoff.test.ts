import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearLoginHandoff,
  handOffLogin,
  handOffSessionEnd,
  SESSION_TOKEN_KEY,
  peekLoginHandoff,
  storedLogin,
  takeSessionEnd,
} from './session-handoff';

/** The Web Storage API as a browser gives it (Node has none): text values by key. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const token = {
  access_token: 'a'.repeat(40),
  token_type: 'Bearer' as const,
  refresh_token: 'r'.repeat(40),
  expires_in: 3600,
  created_at: 1_790_000_000,
};
let tab: MemoryStorage;
let browser: MemoryStorage;

beforeEach(() => {
  tab = new MemoryStorage();
  browser = new MemoryStorage();
  (globalThis as { window?: unknown }).window = { sessionStorage: tab, localStorage: browser };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('the sign-in hand-off between the light /login page and the app', () => {
  it('keeps a sign-in until the app has stored it (a reload in between still finds it), then drops it', () => {
    handOffLogin({ token, remember: false, username: 'hoa@htx.vn' });
    expect(peekLoginHandoff()).toEqual({ token, remember: false, username: 'hoa@htx.vn' });
    expect(peekLoginHandoff()).toEqual({ token, remember: false, username: 'hoa@htx.vn' });
    clearLoginHandoff();
    expect(peekLoginHandoff()).toBeNull();
  });

  it('ignores a malformed or tampered hand-off, and removes it', () => {
    tab.setItem('agrihub.login-handoff', '{not json');
    expect(peekLoginHandoff()).toBeNull();
    tab.setItem('agrihub.login-handoff', JSON.stringify({ token: { access_token: 1 }, remember: true }));
    expect(peekLoginHandoff()).toBeNull();
    expect(tab.length).toBe(0);
  });

  it('says once why the last session ended', () => {
    expect(takeSessionEnd()).toBeNull();
    handOffSessionEnd('Phiên đăng nhập đã hết hạn.');
    expect(takeSessionEnd()).toBe('Phiên đăng nhập đã hết hạn.');
    expect(takeSessionEnd()).toBeNull();
  });

  it("reads the app's stored state: remembered email and choice, and whether a session is open", () => {
    expect(storedLogin()).toEqual({ signedIn: false, username: '', remember: true });
    browser.setItem(
      'persist:root',
      JSON.stringify({
        login: JSON.stringify({ username: 'hoa@htx.vn', remember: false, loading: false }),
        user: JSON.stringify({ token: null, remember: false }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    expect(storedLogin()).toEqual({ signedIn: false, username: 'hoa@htx.vn', remember: false });
    // Not remembered: the session lives in this tab only.
    tab.setItem(SESSION_TOKEN_KEY, JSON.stringify(token));
    expect(storedLogin().signedIn).toBe(true);
    tab.clear();
    browser.setItem('persist:root', JSON.stringify({ user: JSON.stringify({ token, remember: true }) }));
    expect(storedLogin()).toEqual({ signedIn: true, username: '', remember: true });
    // A damaged store is a visitor without a session, not an error.
    browser.setItem('persist:root', JSON.stringify({ user: '{broken' }));
    expect(storedLogin().signedIn).toBe(false);
  });

  it('works, handing nothing over, where storage is refused (private mode, blocked cookies)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    (globalThis as { window?: unknown }).window = { sessionStorage: refusing, localStorage: refusing };
    handOffLogin({ token, remember: true, username: 'x@y.vn' });
    expect(peekLoginHandoff()).toBeNull();
    expect(storedLogin()).toEqual({ signedIn: false, username: '', remember: true });
  });
});
