import { createTransform, type PersistConfig } from 'redux-persist';
import { persistTarget } from '../lib/persist-target';
import { readSessionToken } from '../lib/token-storage';
import type { LoginState } from './login-slice';
import type { UserState } from './user-slice';

/**
 * What reaches localStorage: the `user` slice keeps its token only when "remember me" was
 * checked (else the token lives in sessionStorage, lib/token-storage.ts); loading flags are
 * never stored, and the login form's password is never in the state at all.
 */
const userTransform = createTransform<UserState, UserState>(
  (inbound) => ({ ...inbound, loading: false, ended: null, token: inbound.remember ? inbound.token : null }),
  (outbound) => ({ ...outbound, loading: false, ended: null, token: outbound.token ?? readSessionToken() }),
  { whitelist: ['user'] },
);

const loginTransform = createTransform<LoginState, LoginState>(
  (inbound) => ({ ...inbound, loading: false }),
  (outbound) => ({ ...outbound, loading: false }),
  { whitelist: ['login'] },
);

/** Spec §4: only login, user and layout are kept, under `root`, with a 5 s timeout. */
export const PERSISTED_SLICES = ['login', 'user', 'layout'] as const;

export const persistConfig: PersistConfig<unknown> = {
  ...persistTarget,
  whitelist: [...PERSISTED_SLICES],
  transforms: [userTransform, loginTransform],
};
