import { useCallback, useEffect, useRef, useState } from 'react';
import { PERSIST_KEY } from '@agrihub/contract/constants';
import { clearLoginHandoff, SESSION_TOKEN_KEY } from '../lib/session-handoff';
import { fetchAccount, fetchContext, logoutOnServer, sender, type Account } from './api';
import { clearDiaryStore, DIARY_ACCOUNT_KEY } from './clear';
import { closeDb, idbQueue, readContext, saveContext, type DiaryContext } from './db';
import {
  byOrder,
  discard as discardEntry,
  enqueue,
  newKey,
  revise,
  runExclusive,
  sentToForget,
  syncQueue,
  type EntryDraft,
  type QueuedEntry,
  type QueuedPhoto,
  type SyncOutcome,
} from './queue';
import { findSession } from './session';

/**
 * The diary's state: the account (remembered for an offline open), its context and queue from
 * IndexedDB, the network, and the actions of the screens. Sends on open, when the network
 * returns and on demand ("Gửi ngay").
 */
export type Phase = 'loading' | 'signedOut' | 'needsNetwork' | 'ready';

function rememberedAccount(): Account | null {
  try {
    const found = JSON.parse(window.localStorage.getItem(DIARY_ACCOUNT_KEY) ?? 'null') as Account | null;
    return found && typeof found.id === 'number' ? found : null;
  } catch {
    return null;
  }
}

function rememberAccount(account: Account): void {
  try {
    window.localStorage.setItem(DIARY_ACCOUNT_KEY, JSON.stringify(account));
  } catch {
    // storage disabled: the next offline open needs the network once
  }
}

/** A photo chosen in the form: stored under `ref` when the entry is saved. */
export interface FormPhoto {
  ref: string;
  blob: Blob;
  upload_id: number | null;
}

export function useDiary() {
  const [phase, setPhase] = useState<Phase>(() => (findSession() ? 'loading' : 'signedOut'));
  const [account, setAccount] = useState<Account | null>(null);
  const [context, setContext] = useState<DiaryContext | null>(null);
  const [contextSavedAt, setContextSavedAt] = useState<string | null>(null);
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [syncing, setSyncing] = useState(false);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const accountRef = useRef<Account | null>(null);

  const reload = useCallback(async (id: number) => {
    const list = await idbQueue.entries(id);
    setEntries(list.sort(byOrder));
  }, []);

  const sync = useCallback(async () => {
    const current = accountRef.current;
    if (!current) return;
    setSyncing(true);
    try {
      const result = await runExclusive(() => syncQueue(idbQueue, sender, current.id));
      setOutcome(result);
      if (result.stopped === 'auth') setPhase('signedOut');
      await Promise.all(sentToForget(await idbQueue.entries(current.id)).map((e) => idbQueue.remove(e.id)));
      if (result.sent) void refreshContext(current.id);
    } finally {
      setSyncing(false);
      await reload(current.id);
    }
  }, [reload]);

  const refreshContext = useCallback(async (id: number) => {
    const answer = await fetchContext();
    if (answer.ok && accountRef.current?.id === id) {
      await saveContext(id, answer.value);
      setContext(answer.value);
      setContextSavedAt(new Date().toISOString());
    } else if (!answer.ok && answer.reason === 'auth') setPhase('signedOut');
  }, []);

  const open = useCallback(
    async (found: Account) => {
      accountRef.current = found;
      setAccount(found);
      const kept = await readContext(found.id);
      setContext(kept?.context ?? null);
      setContextSavedAt(kept?.saved_at ?? null);
      await reload(found.id);
      setPhase('ready');
    },
    [reload],
  );

  // Start (once): the remembered account at once (offline too), then the server's word on it.
  useEffect(() => {
    if (!findSession()) return;
    let cancelled = false;
    void (async () => {
      const kept = rememberedAccount();
      if (kept) await open(kept);
      const answer = await fetchAccount();
      if (cancelled) return;
      if (answer.ok) {
        rememberAccount(answer.value);
        if (answer.value.id !== kept?.id) await open(answer.value);
        else setAccount(answer.value);
        await refreshContext(answer.value.id);
        await sync();
      } else if (answer.reason === 'auth') setPhase('signedOut');
      else if (!kept) setPhase('needsNetwork');
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      const current = accountRef.current;
      if (current) void refreshContext(current.id).then(sync);
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [refreshContext, sync]);

  /** Keeps the form's photos on the phone, and forgets those no longer in the entry. */
  async function keepPhotos(photos: FormPhoto[], before: QueuedPhoto[] = []): Promise<QueuedPhoto[]> {
    const kept = new Set(photos.map((p) => p.ref));
    await Promise.all(before.filter((p) => !kept.has(p.ref)).map((p) => idbQueue.removePhoto(p.ref)));
    const known = new Set(before.map((p) => p.ref));
    await Promise.all(photos.filter((p) => !known.has(p.ref)).map((p) => idbQueue.savePhoto(p.ref, p.blob)));
    return photos.map((p) => ({ ref: p.ref, upload_id: p.upload_id }));
  }

  /** Records an entry on the phone (it waits), then tries to send it at once when online. */
  const record = async (draft: EntryDraft, photos: FormPhoto[], label: string) => {
    const current = accountRef.current!;
    const queued = await keepPhotos(photos);
    const entry = { ...enqueue(await idbQueue.entries(current.id), current.id, draft, queued), label };
    await idbQueue.save(entry);
    await reload(current.id);
    if (navigator.onLine) void sync();
  };

  /** A failed entry corrected and sent again (same key only for an unchanged body). */
  const resend = async (entry: QueuedEntry, draft: EntryDraft, photos: FormPhoto[]) => {
    const queued = await keepPhotos(photos, entry.photos);
    await idbQueue.save(revise(entry, draft, queued));
    await reload(entry.account);
    if (navigator.onLine) void sync();
  };

  const discard = async (entry: QueuedEntry) => {
    await discardEntry(idbQueue, entry);
    await reload(entry.account);
  };

  /** The photos of a queued entry, to edit it. */
  const photosOf = async (entry: QueuedEntry): Promise<FormPhoto[]> => {
    const found = await Promise.all(entry.photos.map(async (p) => ({ ...p, blob: await idbQueue.photo(p.ref) })));
    return found.filter((p): p is FormPhoto => !!p.blob);
  };

  /**
   * Signs out on this phone: the session (the app's stored state too), and the diary's store —
   * waiting entries included, so the caller confirms first when some wait.
   */
  const signOut = async () => {
    await logoutOnServer();
    await closeDb();
    await clearDiaryStore();
    try {
      window.localStorage.removeItem(`persist:${PERSIST_KEY}`);
      window.sessionStorage.removeItem(SESSION_TOKEN_KEY);
      clearLoginHandoff();
    } catch {
      // storage disabled: nothing was kept
    }
    window.location.assign(loginPath());
  };

  return {
    phase,
    account,
    context,
    contextSavedAt,
    entries,
    online,
    syncing,
    outcome,
    sync,
    record,
    resend,
    discard,
    photosOf,
    signOut,
  };
}

export type Diary = ReturnType<typeof useDiary>;

/** The light sign-in page, back to the diary after. */
export const loginPath = () => `/login?next=${encodeURIComponent('/diary')}`;

export const newPhotoRef = newKey;
