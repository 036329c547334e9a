import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '../lib/session-actions';

/** The login form's remembered bits. The password is never stored here (nor anywhere). */
export interface LoginState {
  username: string;
  remember: boolean;
  loading: boolean;
}

const initialState: LoginState = { username: '', remember: true, loading: false };

export const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    loginStarted(state, action: PayloadAction<{ username: string; remember: boolean }>) {
      state.username = action.payload.username;
      state.remember = action.payload.remember;
      state.loading = true;
    },
    loginFinished(state) {
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

export const { loginStarted, loginFinished } = loginSlice.actions;
