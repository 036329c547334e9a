import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';

/**
 * The base query's 401 path (spec §8) with the real store, the real API slice and a fake network:
 * `fetch` is the only stub, answering as the server would. A request with an expired token is
 * refreshed once and retried; a refresh the server refuses ends the session.
 */

const ORIGIN = 'http://dtrack.localhost:3000';
const PAGE = '/products?page=2';

/** Storage of a browser tab, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

// Just enough of a browser for the app's modules: the host picks the platform, a tab's storage, cookies.
const sessionStorage = memoryStorage();
const tab = { location: new URL(ORIGIN + PAGE), localStorage: memoryStorage(), sessionStorage };
vi.stubGlobal('window', tab);
vi.stubGlobal('self', tab); // redux-persist's storage looks for localStorage on `self`
vi.stubGlobal('document', { cookie: '', documentElement: {} });
// A browser resolves the app's relative URLs ('/api/…') against the page.
const NodeRequest = globalThis.Request;
vi.stubGlobal(
  'Request',
  class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
    }
  },
);

type Answer = { status: number; body: unknown };
type Seen = { path: string; authorization: string | null; form: URLSearchParams | null };

/** The server: `routes` answers by "METHOD /path Authorization"; everything asked is recorded in `seen`. */
let routes: Record<string, Answer | (() => Promise<Answer>)> = {};
const seen: Seen[] = [];
vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
  if (!(input instanceof Request)) return new Response('{}', { status: 200 }); // translations (i18next backend)
  const path = new URL(input.url).pathname;
  const authorization = input.headers.get('authorization');
  const form = input.method === 'POST' && path === '/oauth/token' ? new URLSearchParams(await input.text()) : null;
  seen.push({ path, authorization, form });
  const route = routes[`${input.method} ${path} ${authorization ?? '-'}`];
  if (!route) throw new Error(`unexpected ${input.method} ${path} ${authorization}`);
  const { status, body } = typeof route === 'function' ? await route() : route;
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});

const token = (access: string, refresh: string): TokenResponse => ({
  access_token: access,
  token_type: 'Bearer',
  expires_in: 7200,
  refresh_token: refresh,
  created_at: 1_764_000_000,
});
const EXPIRED = { status: 401, body: { meta: { code: 'unauthorized', message: 'Phiên đăng nhập đã hết hạn.' } } };
const ME = { data: { user: { id: 7, email: 'an@example.vn', producer_id: null }, producer: null } };

let store: typeof import('./store').store;
let sessionApi: typeof import('../lib/session-api').sessionApi;
let tokenReceived: typeof import('../lib/session-actions').tokenReceived;

beforeAll(async () => {
  ({ store } = await import('./store'));
  ({ sessionApi } = await import('../lib/session-api'));
  ({ tokenReceived } = await import('../lib/session-actions'));
});
afterEach(() => {
  routes = {};
  seen.length = 0;
});

/** Signed in with `access` (not remembered: the token is in the tab's sessionStorage too). */
function signIn(access: string, refresh: string) {
  store.dispatch(tokenReceived({ token: token(access, refresh), remember: false }));
}
const whoami = () => store.dispatch(sessionApi.endpoints.whoami.initiate(undefined, { forceRefetch: true }));

describe('base query: 401 → refresh → retry', () => {
  it('refreshes with the refresh token (no Authorization), stores the new token and retries the request', async () => {
    signIn('old', 'r1');
    routes = {
      'GET /api/v1/users/whoami Bearer old': EXPIRED,
      'POST /oauth/token -': { status: 200, body: token('new', 'r2') },
      'GET /api/v1/users/whoami Bearer new': { status: 200, body: ME },
    };
    const result = await whoami();
    expect(result.data?.user.email).toBe('an@example.vn');
    expect(seen.map((s) => `${s.path} ${s.authorization ?? '-'}`)).toEqual([
      '/api/v1/users/whoami Bearer old',
      '/oauth/token -',
      '/api/v1/users/whoami Bearer new',
    ]);
    expect(Object.fromEntries(seen[1].form!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'r1' });
    expect(store.getState().user.token?.access_token).toBe('new');
    expect(store.getState().user.token?.refresh_token).toBe('r2');
    expect(JSON.parse(sessionStorage.getItem('agrihub.session-token')!).access_token).toBe('new');
  });

  it('requests failing together with 401 share one refresh', async () => {
    signIn('old2', 'r3');
    let release!: () => void;
    const refreshed = new Promise<void>((r) => (release = r));
    routes = {
      'GET /api/v1/users/whoami Bearer old2': EXPIRED,
      'PUT /api/v1/users Bearer old2': EXPIRED,
      'POST /oauth/token -': async () => {
        await refreshed;
        return { status: 200, body: token('new2', 'r4') };
      },
      'GET /api/v1/users/whoami Bearer new2': { status: 200, body: ME },
      'PUT /api/v1/users Bearer new2': { status: 200, body: { data: { user: ME.data.user } } },
    };
    const both = Promise.all([whoami(), store.dispatch(sessionApi.endpoints.updateAccount.initiate({ name: 'An' }))]);
    await vi.waitFor(() => expect(seen.filter((s) => s.path === '/oauth/token')).toHaveLength(1));
    release();
    const [me, update] = await both;
    expect(me.data?.user.id).toBe(7);
    expect('data' in update && update.data?.id).toBe(7);
    expect(seen.filter((s) => s.path === '/oauth/token')).toHaveLength(1);
    expect(store.getState().user.token?.access_token).toBe('new2');
  });
});

describe('base query: the refresh fails → logout', () => {
  it('forgets the token everywhere and keeps the page to come back to and the reason', async () => {
    signIn('old3', 'revoked');
    routes = {
      'GET /api/v1/users/whoami Bearer old3': EXPIRED,
      'POST /oauth/token -': {
        status: 401,
        body: { error: 'invalid_grant', error_description: 'Phiên đã bị thu hồi.' },
      },
    };
    const result = await whoami();
    expect(result.error).toMatchObject({ status: 401, message: 'Phiên đăng nhập đã hết hạn.' });
    expect(seen.map((s) => s.path)).toEqual(['/api/v1/users/whoami', '/oauth/token']);
    const { user } = store.getState();
    expect(user.token).toBeNull();
    expect(user.ended).toEqual({ next: PAGE, notice: 'Phiên đăng nhập đã hết hạn.' });
    expect(sessionStorage.getItem('agrihub.session-token')).toBeNull();
  });

  it('a 401 without a session (or on an anonymous call) neither refreshes nor logs out', async () => {
    routes = { 'POST /oauth/token -': { status: 401, body: { error: 'invalid_grant' } } };
    const login = await store.dispatch(
      sessionApi.endpoints.login.initiate({ username: 'an@example.vn', password: 'x' }),
    );
    expect('error' in login && login.error).toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });
});

describe('base query: a contract gate refused (403 feature_unavailable / entitlement_required)', () => {
  const REFUSED = {
    status: 403,
    body: { meta: { code: 'entitlement_required', message: 'Sản phẩm và truy xuất nguồn gốc dành cho…' } },
  };

  it('marks the open page refused (the frame shows the no-permission screen) and reads the account again', async () => {
    const { productsApi } = await import('../features/products/api/products-api');
    signIn('gate', 'r-gate');
    routes = { 'GET /api/v1/users/whoami Bearer gate': { status: 200, body: ME } };
    await whoami(); // the frame's subscription to the account
    seen.length = 0;
    routes = {
      'GET /api/v1/products Bearer gate': REFUSED,
      'GET /api/v1/users/whoami Bearer gate': { status: 200, body: ME },
    };
    const list = await store.dispatch(productsApi.endpoints.listProducts.initiate({}));
    expect(list.error).toMatchObject({ status: 403, code: 'entitlement_required' });
    expect(store.getState().pageRefusal).toEqual({ path: '/products', code: 'entitlement_required' });
    await vi.waitFor(() => expect(seen.map((s) => s.path)).toContain('/api/v1/users/whoami'));
    // The session stays: a gate is no reason to log out.
    expect(store.getState().user.token?.access_token).toBe('gate');
  });

  it('leaves other 403s to the page (a missing ability is not a closed gate)', async () => {
    const { pageRefusalCleared } = await import('../stores/page-refusal-slice');
    const { productsApi } = await import('../features/products/api/products-api');
    store.dispatch(pageRefusalCleared());
    signIn('gate2', 'r-gate2');
    routes = {
      'GET /api/v1/products Bearer gate2': {
        status: 403,
        body: { meta: { code: 'forbidden', message: 'Không có quyền.' } },
      },
    };
    const list = await store.dispatch(productsApi.endpoints.listProducts.initiate({ page: 2 }));
    expect(list.error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(store.getState().pageRefusal).toEqual({ path: null, code: null });
  });
});
