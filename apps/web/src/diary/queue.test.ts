import { describe, expect, it } from 'vitest';
import {
  discard,
  enqueue,
  requestOf,
  revise,
  syncQueue,
  type EntryDraft,
  type EntryRequest,
  type QueuedEntry,
  type QueueStore,
  type Sender,
  type SendResult,
} from './queue';

/** The queue's store as a Map (IndexedDB in the app). */
function memoryStore() {
  const entries = new Map<string, QueuedEntry>();
  const photos = new Map<string, Blob>();
  const store: QueueStore = {
    entries: async (account) =>
      [...entries.values()].filter((e) => e.account === account).map((e) => structuredClone(e)),
    save: async (e) => void entries.set(e.id, structuredClone(e)),
    remove: async (id) => void entries.delete(id),
    photo: async (ref) => photos.get(ref),
    savePhoto: async (ref, blob) => void photos.set(ref, blob),
    removePhoto: async (ref) => void photos.delete(ref),
  };
  return { store, entries, photos };
}

type Answer<T> = SendResult<T> | (() => SendResult<T>);

/** A server that records what it received and answers as told (the default: accepted). */
function fakeServer() {
  const posts: EntryRequest[] = [];
  const uploads: Blob[] = [];
  const postAnswers: Answer<{ id: number }>[] = [];
  const uploadAnswers: Answer<number>[] = [];
  const sender: Sender = {
    async upload(blob) {
      const next = uploadAnswers.shift();
      const answer = typeof next === 'function' ? next() : next;
      if (answer && !answer.ok) return answer;
      uploads.push(blob);
      return { ok: true, value: 100 + uploads.length };
    },
    async post(body) {
      const next = postAnswers.shift();
      const answer = typeof next === 'function' ? next() : next;
      if (answer && !answer.ok) return answer;
      posts.push(body);
      return { ok: true, value: { id: posts.length } };
    },
  };
  return { sender, posts, uploads, postAnswers, uploadAnswers };
}

const draft = (type: string, occurred_at: string, extra: Partial<EntryDraft> = {}): EntryDraft => ({
  type,
  occurred_at,
  location_id: 7,
  traceability_id: null,
  details:
    type === 'spraying'
      ? { product: 'Abamectin', active_ingredient: 'abamectin', dose: '20 ml/16 l', phi_days: 7 }
      : {},
  notes: null,
  ...extra,
});

async function add(store: QueueStore, d: EntryDraft, photoRefs: string[] = [], account = 1) {
  for (const ref of photoRefs) await store.savePhoto(ref, new Blob([ref], { type: 'image/jpeg' }));
  const e = enqueue(
    await store.entries(account),
    account,
    d,
    photoRefs.map((ref) => ({ ref, upload_id: null })),
  );
  await store.save(e);
  return e;
}

describe('the diary queue', () => {
  it('sends waiting entries in the order they were made, photos first, with their original times', async () => {
    const { store, photos } = memoryStore();
    const server = fakeServer();
    await add(store, draft('spraying', '2026-12-01T07:30:00.000Z'));
    await add(store, draft('harvesting', '2026-12-09T06:00:00.000Z'), ['p1', 'p2']);
    await add(store, draft('other', '2026-12-09T07:00:00.000Z'));

    const outcome = await syncQueue(store, server.sender, 1, () => new Date('2026-12-10T00:00:00Z'));

    expect(outcome).toEqual({ sent: 3, failed: 0, stopped: null });
    expect(server.posts.map((p) => [p.type, p.occurred_at])).toEqual([
      ['spraying', '2026-12-01T07:30:00.000Z'],
      ['harvesting', '2026-12-09T06:00:00.000Z'],
      ['other', '2026-12-09T07:00:00.000Z'],
    ]);
    expect(server.posts[1].photo_ids).toEqual([101, 102]);
    expect(server.posts[0].photo_ids).toBeUndefined();
    const all = await store.entries(1);
    expect(all.every((e) => e.status === 'sent' && e.sent_at === '2026-12-10T00:00:00.000Z')).toBe(true);
    // Sent: the photos leave the phone.
    expect(photos.size).toBe(0);
  });

  it('a network failure stops the run: the rest keep their turn, and a retry neither re-uploads nor changes the key', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    const first = await add(store, draft('spraying', '2026-12-01T07:30:00.000Z'), ['p1', 'p2']);
    await add(store, draft('other', '2026-12-02T07:30:00.000Z'));
    // The first photo goes up, then the network drops during the second.
    server.uploadAnswers.push({ ok: true, value: 0 }, { ok: false, reason: 'network' });

    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 0, failed: 0, stopped: 'network' });
    expect(server.posts).toHaveLength(0);
    const waiting = await store.entries(1);
    expect(waiting.map((e) => e.status)).toEqual(['waiting', 'waiting']);
    expect(waiting.find((e) => e.id === first.id)!.photos.map((p) => p.upload_id)).toEqual([101, null]);

    // The POST is lost on the way back (the server may have it): the same key is sent again.
    server.postAnswers.push({ ok: false, reason: 'network' });
    expect(await syncQueue(store, server.sender, 1)).toMatchObject({ sent: 0, stopped: 'network' });
    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 2, failed: 0, stopped: null });
    expect(server.uploads).toHaveLength(2);
    expect(server.posts[0]).toMatchObject({ idempotency_key: first.idempotency_key, photo_ids: [101, 102] });
    expect(server.posts.map((p) => p.type)).toEqual(['spraying', 'other']);

    // Nothing waits any more: another run sends nothing twice.
    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 0, failed: 0, stopped: null });
    expect(server.posts).toHaveLength(2);
  });

  it('a lost session stops the run without failing anything', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    await add(store, draft('other', '2026-12-02T07:30:00.000Z'));
    server.postAnswers.push({ ok: false, reason: 'auth' });
    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 0, failed: 0, stopped: 'auth' });
    expect((await store.entries(1))[0]).toMatchObject({ status: 'waiting', error: null });
  });

  it("a refusal sets the entry aside with the server's message and the run goes on", async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    const refused = await add(store, draft('harvesting', '2026-12-03T07:30:00.000Z', { traceability_id: 9 }));
    await add(store, draft('other', '2026-12-04T07:30:00.000Z'));
    server.postAnswers.push({ ok: false, reason: 'refused', message: 'Lô hàng đã đóng.' });

    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 1, failed: 1, stopped: null });
    const after = (await store.entries(1)).find((e) => e.id === refused.id)!;
    expect(after).toMatchObject({ status: 'failed', error: 'Lô hàng đã đóng.' });
    // A failed entry is not sent again by itself.
    await syncQueue(store, server.sender, 1);
    expect(server.posts).toHaveLength(1);
  });

  it('a failed entry resent unchanged keeps its key; edited, it gets a new one', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    const entry = await add(store, draft('harvesting', '2026-12-03T07:30:00.000Z', { traceability_id: 9 }), ['p1']);
    server.postAnswers.push(
      { ok: false, reason: 'refused', message: 'x' },
      { ok: false, reason: 'refused', message: 'y' },
    );
    await syncQueue(store, server.sender, 1);
    const failed = (await store.entries(1))[0];

    const same = revise(failed, structuredClone(failed.draft), failed.photos);
    expect(same).toMatchObject({ status: 'waiting', error: null, idempotency_key: entry.idempotency_key });
    await store.save(same);
    await syncQueue(store, server.sender, 1);

    const failedAgain = (await store.entries(1))[0];
    expect(failedAgain.error).toBe('y');
    const edited = revise(failedAgain, { ...failedAgain.draft, traceability_id: 10 }, failedAgain.photos);
    expect(edited.idempotency_key).not.toBe(entry.idempotency_key);
    expect(edited.idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // The kept photo keeps its upload: not uploaded again.
    expect(edited.photos).toEqual([{ ref: 'p1', upload_id: 101 }]);
    await store.save(edited);
    expect(await syncQueue(store, server.sender, 1)).toEqual({ sent: 1, failed: 0, stopped: null });
    expect(server.uploads).toHaveLength(1);
    expect(server.posts[0]).toMatchObject({ idempotency_key: edited.idempotency_key, traceability_id: 10 });

    // Editing back to the first body is a change from the last key's body: a new key again.
    const back = revise(edited, failed.draft, failed.photos);
    expect(back.idempotency_key).not.toBe(edited.idempotency_key);
  });

  it('a photo removed while editing changes the body (new key); discarding removes the entry and its photos', async () => {
    const { store, photos } = memoryStore();
    const entry = await add(store, draft('other', '2026-12-03T07:30:00.000Z'), ['p1', 'p2']);
    const edited = revise(entry, entry.draft, entry.photos.slice(0, 1));
    expect(edited.idempotency_key).not.toBe(entry.idempotency_key);
    await discard(store, entry);
    expect(await store.entries(1)).toEqual([]);
    expect(photos.size).toBe(0);
  });

  it('each account sees and sends only its own entries', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    await add(store, draft('other', '2026-12-03T07:30:00.000Z'), [], 1);
    await add(store, draft('other', '2026-12-04T07:30:00.000Z'), [], 2);
    expect(await syncQueue(store, server.sender, 2)).toMatchObject({ sent: 1 });
    expect(server.posts.map((p) => p.occurred_at)).toEqual(['2026-12-04T07:30:00.000Z']);
    expect((await store.entries(1))[0].status).toBe('waiting');
  });

  it('the request carries the key, the plot or lot, and leaves out empty notes', () => {
    const e = enqueue([], 1, draft('other', '2026-12-03T07:30:00.000Z', { notes: '' }), []);
    const body = requestOf(e);
    expect(body).toEqual({
      idempotency_key: e.idempotency_key,
      type: 'other',
      occurred_at: '2026-12-03T07:30:00.000Z',
      location_id: 7,
      details: {},
    });
    expect(e.idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
