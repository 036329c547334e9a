/**
 * Signing out clears the phone's diary (issue 28: no account's records stay for the next one).
 * Kept apart from the store (no `idb`), so the app's logout can import it for a few bytes.
 */
export const DIARY_DB = 'agrihub-diary';
/** The account the diary last opened with (id and name), for an offline open. */
export const DIARY_ACCOUNT_KEY = 'agrihub.diary-account';

/** Deletes the diary's IndexedDB database and what it remembers of the account. Never throws. */
export function clearDiaryStore(): Promise<void> {
  try {
    window.localStorage.removeItem(DIARY_ACCOUNT_KEY);
  } catch {
    // storage disabled: nothing was kept there
  }
  return new Promise((resolve) => {
    try {
      const req = indexedDB.deleteDatabase(DIARY_DB);
      req.onsuccess = req.onerror = () => resolve();
      // Another tab holds the database open: the deletion completes once it closes (it listens
      // for versionchange); the sign-out does not wait for it.
      req.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
