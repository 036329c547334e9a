import { createAction } from '@reduxjs/toolkit';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';

/** The session token as /oauth/token answers it (token_type + access_token make the Authorization header). */
export type SessionToken = TokenResponse;

/** How a session ended: the login page shows `notice`; `next` brings the user back after logging in again. */
export interface SessionEnd {
  notice?: string;
  next?: string | null;
}

/** Logout / expired session: every slice goes back to its initial state. */
export const resetAll = createAction<SessionEnd | undefined>('session/resetAll');

/** A new token from login, refresh or password change. `remember` is kept if omitted. */
export const tokenReceived = createAction<{ token: SessionToken; remember?: boolean }>('session/tokenReceived');

/** The slice of state the base query reads; typed here to avoid importing the store. */
export interface TokenState {
  user: { token: SessionToken | null; remember: boolean };
}
