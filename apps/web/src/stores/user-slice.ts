import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@agrihub/contract/schemas/auth';
import type { Producer } from '@agrihub/contract/schemas/producers';
import { sessionApi } from '../lib/session-api';
import { resetAll, tokenReceived } from '../lib/session-actions';
import { USER_INITIAL_STATE, type UserState } from './user-initial-state';

export type { UserState } from './user-initial-state';

const initialState: UserState = USER_INITIAL_STATE;

function setUser(state: UserState, user: User) {
  state.user = user;
  state.isOldUser = user.isOldUser;
  state.producer_id = user.producer_id;
  state.created_at = user.created_at;
  state.required_change_password = user.required_change_password;
}

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    producerLoaded(state, action: PayloadAction<Producer>) {
      state.producer = action.payload;
    },
    /** The login page has shown how the last session ended. */
    sessionEndSeen(state) {
      state.ended = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(resetAll, (_state, action) => ({ ...initialState, ended: action.payload ?? null }))
      .addCase(tokenReceived, (state, action) => {
        state.token = action.payload.token;
        state.ended = null;
        if (action.payload.remember !== undefined) state.remember = action.payload.remember;
      })
      .addMatcher(sessionApi.endpoints.whoami.matchPending, (state) => {
        state.loading = true;
      })
      .addMatcher(sessionApi.endpoints.whoami.matchRejected, (state) => {
        state.loading = false;
      })
      .addMatcher(sessionApi.endpoints.whoami.matchFulfilled, (state, action) => {
        state.loading = false;
        setUser(state, action.payload.user);
        state.producer = action.payload.producer;
      })
      .addMatcher(sessionApi.endpoints.updateAccount.matchFulfilled, (state, action) => {
        setUser(state, action.payload);
      })
      .addMatcher(sessionApi.endpoints.changePassword.matchFulfilled, (state, action) => {
        state.required_change_password = false;
        if (state.user) state.user.required_change_password = false;
        if (action.payload.token) state.token = action.payload.token;
      });
  },
});

export const { producerLoaded, sessionEndSeen } = userSlice.actions;
