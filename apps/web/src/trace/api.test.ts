import { afterEach, describe, expect, it, vi } from 'vitest';

// The trace page reads its platform from the host when its modules load.
vi.stubGlobal('window', { location: { host: 'dtrack.localhost' } });
const { fetchProduct, fetchTrace } = await import('./api');

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('window', { location: { host: 'dtrack.localhost' } });
});

describe('public lookups', () => {
  it('a page taken down with its closed producer (410) is "gone", not "not found" or an error', async () => {
    answer(410, { meta: { code: 'no_longer_available', message: 'Sản phẩm này không còn được cung cấp.' } });
    expect(await fetchTrace('DEMOTRACE0000001')).toEqual({ kind: 'gone' });
    expect(await fetchProduct('DEMOPRODUCT00001')).toEqual({ kind: 'gone' });
  });

  it('404 is not found; another failure is an error with the server message', async () => {
    answer(404, { meta: { code: 'not_found', message: 'x' } });
    expect(await fetchTrace('NOPE')).toEqual({ kind: 'notFound' });
    answer(500, { meta: { code: 'internal', message: 'Lỗi máy chủ' } });
    expect(await fetchTrace('NOPE')).toEqual({ kind: 'error', message: 'Lỗi máy chủ' });
  });
});
