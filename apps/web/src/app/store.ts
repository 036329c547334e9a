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
import { writeSessionToken } from '../lib/token-storage';
import { platformDetected } from '../stores/layout-slice';
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
  const { token, remember } = (store.getState()).user;
  if (token === lastToken) return;
  lastToken = token;
  writeSessionToken(token && !remember ? token : null);
});
