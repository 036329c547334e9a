/**
 * The diary's offline queue (issue 28, DESIGN §5.8): what the phone keeps until the server has it,
 * and the one sync that sends it. Pure logic over two small interfaces — where records live
 * (QueueStore: IndexedDB in the app, a Map in tests) and how they travel (Sender: fetch) — so the
 * rules below are tested without a browser.
 *
 * Exactly once: every entry carries a client-made idempotency key the server honours (the same key
 * and body answer the first entry again). A photo's upload id is saved as soon as the server gives
 * it, so a retry never uploads it twice. Entries go in the order they were made; a network failure
 * stops the run (the rest keep their turn), a refusal (4xx) sets that entry aside as failed with the
 * server's words and the run goes on.
 */

export type QueueStatus = 'waiting' | 'sent' | 'failed';

/** The entry as the producer filled it in, before its photos have upload ids (contract diaryEntryRequest). */
export interface EntryDraft {
  type: string;
  /** The time the work was done (ISO), kept as recorded: never the time of the sync. */
  occurred_at: string;
  location_id: number | null;
  traceability_id: number | null;
  details: Record<string, unknown>;
  notes: string | null;
}

/** A photo of an entry: its resized JPEG lives in the photo store under `ref`. */
export interface QueuedPhoto {
  ref: string;
  /** The uploads API's id once uploaded (null: not yet). */
  upload_id: number | null;
}

export interface QueuedEntry {
  /** Local id (the record's key). */
  id: string;
  /** The signed-in account the entry belongs to: a phone shared by two accounts keeps them apart. */
  account: number;
  /** Creation order: the order of sending. */
  seq: number;
  idempotency_key: string;
  /** The fingerprint of the body the key was made for: a changed body needs a new key. */
  key_fingerprint: string;
  draft: EntryDraft;
  photos: QueuedPhoto[];
  status: QueueStatus;
  /** The server's refusal (failed) — shown as it said it. */
  error: string | null;
  /** The server's entry id once sent. */
  entry_id: number | null;
  created_at: string;
  sent_at: string | null;
  /** The plot's or lot's name when recorded, to list the entry offline. */
  label?: string;
}

/** The request body sent to POST /api/v1/diary/entries. */
export interface EntryRequest extends Omit<EntryDraft, 'location_id' | 'traceability_id' | 'notes'> {
  idempotency_key: string;
  location_id?: number;
  traceability_id?: number;
  notes?: string;
  photo_ids?: number[];
}

export type SendResult<T> =
  | { ok: true; value: T }
  /** No answer (offline, timeout, 5xx): try again later. */
  | { ok: false; reason: 'network' }
  /** The session is gone (401 after the refresh): sign in again, nothing is lost. */
  | { ok: false; reason: 'auth' }
  /** The server refused this entry (4xx): it waits for the producer. */
  | { ok: false; reason: 'refused'; message: string };

export interface Sender {
  upload(photo: Blob, filename: string): Promise<SendResult<number>>;
  post(body: EntryRequest): Promise<SendResult<{ id: number }>>;
}

export interface QueueStore {
  /** The account's queued entries, any order. */
  entries(account: number): Promise<QueuedEntry[]>;
  save(entry: QueuedEntry): Promise<void>;
  remove(id: string): Promise<void>;
  photo(ref: string): Promise<Blob | undefined>;
  savePhoto(ref: string, blob: Blob): Promise<void>;
  removePhoto(ref: string): Promise<void>;
}

/** 32 characters of [0-9a-f]: within the contract's 16–64 [A-Za-z0-9_-]. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** JSON with sorted object keys: the same body always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What the body of an entry depends on: the draft and which photos (by their local refs). */
export function fingerprint(draft: EntryDraft, photos: readonly QueuedPhoto[]): string {
  return stableJson({ draft, photos: photos.map((p) => p.ref) });
}

/** A new waiting entry, last in the queue. */
export function enqueue(
  existing: readonly QueuedEntry[],
  account: number,
  draft: EntryDraft,
  photos: QueuedPhoto[],
  now: Date = new Date(),
  id: string = newKey(),
): QueuedEntry {
  const seq = existing.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  return {
    id,
    account,
    seq,
    idempotency_key: newKey(),
    key_fingerprint: fingerprint(draft, photos),
    draft,
    photos,
    status: 'waiting',
    error: null,
    entry_id: null,
    created_at: now.toISOString(),
    sent_at: null,
  };
}

/**
 * A failed entry corrected by the producer, waiting again. Its key stays only when the body is
 * unchanged (a resend of the same entry: the server may have it already); a changed body gets a
 * new key, since the server answers a reused key with a different body by 409. A photo removed
 * from the entry loses its upload id; kept photos keep theirs.
 */
export function revise(entry: QueuedEntry, draft: EntryDraft, photos: QueuedPhoto[]): QueuedEntry {
  const print = fingerprint(draft, photos);
  const same = print === entry.key_fingerprint;
  return {
    ...entry,
    draft,
    photos,
    idempotency_key: same ? entry.idempotency_key : newKey(),
    key_fingerprint: print,
    status: 'waiting',
    error: null,
  };
}

/** The POST body of an entry whose photos are all uploaded. */
export function requestOf(entry: QueuedEntry): EntryRequest {
  const { location_id, traceability_id, notes, ...rest } = entry.draft;
  const body: EntryRequest = { ...rest, idempotency_key: entry.idempotency_key };
  if (location_id != null) body.location_id = location_id;
  if (traceability_id != null) body.traceability_id = traceability_id;
  if (notes) body.notes = notes;
  const ids = entry.photos.map((p) => p.upload_id).filter((id): id is number => id != null);
  if (ids.length) body.photo_ids = ids;
  return body;
}

export const byOrder = (a: QueuedEntry, b: QueuedEntry) => a.seq - b.seq;

export interface SyncOutcome {
  sent: number;
  failed: number;
  /** Why the run stopped before the end (the rest wait), or null when every waiting entry was tried. */
  stopped: 'network' | 'auth' | null;
}

/** Sends one entry: its photos not yet uploaded, then the entry. Saves each step as it succeeds. */
async function sendOne(store: QueueStore, sender: Sender, entry: QueuedEntry, now: () => Date) {
  let current = entry;
  for (let i = 0; i < current.photos.length; i += 1) {
    const photo = current.photos[i];
    if (photo.upload_id != null) continue;
    const blob = await store.photo(photo.ref);
    if (!blob) {
      // The picture is gone from the phone (storage cleared): the entry goes without it.
      current = { ...current, photos: current.photos.filter((_, j) => j !== i) };
      i -= 1;
      continue;
    }
    const uploaded = await sender.upload(blob, `${photo.ref}.jpg`);
    if (!uploaded.ok) return { entry: current, result: uploaded };
    const photos = current.photos.map((p, j) => (j === i ? { ...p, upload_id: uploaded.value } : p));
    current = { ...current, photos };
    await store.save(current);
  }
  const posted = await sender.post(requestOf(current));
  if (!posted.ok) return { entry: current, result: posted };
  const done: QueuedEntry = {
    ...current,
    status: 'sent',
    error: null,
    entry_id: posted.value.id,
    sent_at: now().toISOString(),
  };
  return { entry: done, result: posted };
}

/**
 * Sends the account's waiting entries in the order they were made. Call it when the network comes
 * back, when the diary opens and from "Gửi ngay"; two runs at once are harmless (the server
 * replays a known key) but the caller keeps one at a time (see runExclusive).
 */
export async function syncQueue(
  store: QueueStore,
  sender: Sender,
  account: number,
  now: () => Date = () => new Date(),
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, failed: 0, stopped: null };
  const waiting = (await store.entries(account)).filter((e) => e.status === 'waiting').sort(byOrder);
  for (const entry of waiting) {
    const { entry: after, result } = await sendOne(store, sender, entry, now);
    if (result.ok) {
      await store.save(after);
      await Promise.all(after.photos.map((p) => store.removePhoto(p.ref)));
      outcome.sent += 1;
    } else if (result.reason === 'refused') {
      await store.save({ ...after, status: 'failed', error: result.message });
      outcome.failed += 1;
    } else {
      outcome.stopped = result.reason;
      break;
    }
  }
  return outcome;
}

/** Discards an entry and its photos from the phone (after the producer confirmed). */
export async function discard(store: QueueStore, entry: QueuedEntry): Promise<void> {
  await Promise.all(entry.photos.map((p) => store.removePhoto(p.ref)));
  await store.remove(entry.id);
}

/** Sent entries kept on the list (the newest); older ones are forgotten by the phone. */
export const SENT_KEPT = 50;

/** The sent entries beyond the newest SENT_KEPT, to forget. */
export function sentToForget(entries: readonly QueuedEntry[]): QueuedEntry[] {
  return entries
    .filter((e) => e.status === 'sent')
    .sort((a, b) => b.seq - a.seq)
    .slice(SENT_KEPT);
}

let running: Promise<unknown> | null = null;

/**
 * One sync at a time in this page (the online event, the diary opening and the button may come
 * together); a call during a run waits for it and then runs once more. Across tabs the Web Locks
 * API keeps one run, where the browser has it.
 */
export async function runExclusive<T>(task: () => Promise<T>): Promise<T> {
  while (running) await running.catch(() => undefined);
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  const run = locks ? locks.request('agrihub-diary-sync', task) : task();
  running = run;
  try {
    return await run;
  } finally {
    if (running === run) running = null;
  }
}
