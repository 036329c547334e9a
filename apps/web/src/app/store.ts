import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
} from 'redux-persist';
import { api } from '../lib/api';
import { platform } from '../lib/platform';
import { tokenReceived } from '../lib/session-actions';
import { clearLoginHandoff, peekLoginHandoff } from '../lib/session-handoff';
import { writeSessionToken } from '../lib/token-storage';
import { platformDetected } from '../stores/layout-slice';
import { loginFinished, loginStarted } from '../stores/login-slice';
import { persistConfig } from '../stores/persist';
import { rootReducer, type RootState } from '../stores/root-reducer';

const persistedReducer = persistReducer(
  persistConfig as unknown as PersistConfig<RootState>,
  rootReducer,
) as unknown as typeof rootReducer;

export const store = configureStore({
  reducer: persistedReducer,
  middleware: (getDefault) =>
    getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
      api.middleware,
    ),
});

// Queries that ask for it (the notification bell) refetch when the tab regains focus or the network returns.
setupListeners(store.dispatch);

export const persistor = persistStore(store, null, () => {
  store.dispatch(platformDetected({ platform: platform.key, primaryColor: platform.primaryColor }));
});

// Keep this tab's copy of a not-remembered token (lib/token-storage.ts) in step with the state.
let lastToken: RootState['user']['token'] | undefined;
store.subscribe(() => {
  const { token, remember } = store.getState().user;
  if (token === lastToken) return;
  lastToken = token;
  writeSessionToken(token && !remember ? token : null);
});

/**
 * A sign-in made on the light /login page (content.html) just before this page load: taken in once
 * the stored state is back (PersistGate's onBeforeLift), so the stored state cannot overwrite it.
 */
export function applyLoginHandoff(): void {
  const handoff = peekLoginHandoff();
  if (!handoff) return;
  store.dispatch(loginStarted({ username: handoff.username, remember: handoff.remember }));
  store.dispatch(loginFinished());
  store.dispatch(tokenReceived({ token: handoff.token, remember: handoff.remember }));
  // redux-persist writes localStorage a few ticks later: a reload before that would find no
  // session, so the handoff is removed only once the state is written.
  void persistor.flush().then(clearLoginHandoff, clearLoginHandoff);
}
