import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@agrihub/contract/constants';

/**
 * Where redux-persist keeps the state (spec §4: under `root`, 5 s timeout). Here in lib, not in
 * stores/persist.ts, so the base query can purge it on logout without lib importing stores.
 */
export const persistTarget = { key: PERSIST_KEY, storage, timeout: PERSIST_TIMEOUT_MS };
