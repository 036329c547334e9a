import { afterEach, describe, expect, it, vi } from 'vitest';

// The trace page reads its platform from the host when its modules load.
vi.stubGlobal('window', { location: { host: 'dtrack.localhost' } });
const { fetchProduct, fetchTrace, sendVote } = await import('./api');

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

describe('sendVote', () => {
  it('answers the batch ratings with the vote, for the summary', async () => {
    answer(201, {
      data: { vote: { id: 1, rating: 4 }, rating: { average: 4.5, count: 2 } },
      meta: { message: 'Cảm ơn' },
    });
    expect(await sendVote('DEMOTRACE0000001', 4, '')).toEqual({ ok: true, rating: { average: 4.5, count: 2 } });
  });

  it('a refusal carries the server message', async () => {
    answer(429, { meta: { code: 'vote_rate_limited', message: 'Bạn đã đánh giá lô hàng này quá nhiều lần' } });
    expect(await sendVote('DEMOTRACE0000001', 4, '')).toEqual({
      ok: false,
      message: 'Bạn đã đánh giá lô hàng này quá nhiều lần',
    });
  });
});
