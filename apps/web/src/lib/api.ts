import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { purgeStoredState } from 'redux-persist';
import { API_TIMEOUT_MS } from '@agrihub/contract/constants';
import { isGateRefusal } from '@agrihub/contract/gates';
import { pageRefused } from './page-refusal';
import { resetAll, tokenReceived, type SessionToken, type TokenState } from './session-actions';
import { normaliseError, type ApiError } from './api-error';
import i18n, { currentLocale } from './i18n';
import { platform } from './platform';
import { persistTarget } from './persist-target';
import { writeSessionToken } from './token-storage';
import { clearDiaryStore } from '../diary/clear';

/** Calls that never carry the Authorization header. */
const ANONYMOUS_ENDPOINTS = new Set(['login', 'refreshToken', 'forgotPassword', 'resetPassword', 'register']);
/** Calls whose 401 must not log the user out (spec §8: logout; the others are anonymous). */
const NO_LOGOUT_ON_401 = new Set(['logout', ...ANONYMOUS_ENDPOINTS]);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  timeout: API_TIMEOUT_MS,
  prepareHeaders: (headers, { getState, endpoint }) => {
    const token = (getState() as TokenState).user.token;
    if (token && !ANONYMOUS_ENDPOINTS.has(endpoint) && !headers.has('Authorization')) {
      headers.set('Authorization', `${token.token_type} ${token.access_token}`);
    }
    headers.set('locale', currentLocale());
    headers.set('Platform', platform.key);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return headers;
  },
});

function localTexts() {
  return {
    network: i18n.t('common:errors.network'),
    timeout: i18n.t('common:errors.timeout'),
    generic: i18n.t('common:errors.generic'),
  };
}

type Api = Parameters<BaseQueryFn>[1];

/** One refresh at a time; concurrent 401s wait for it. */
let refreshing: Promise<boolean> | null = null;

async function refreshSession(refreshToken: string, api: Api, extra: object): Promise<boolean> {
  const result = await rawBaseQuery(
    {
      url: 'oauth/token',
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    },
    { ...api, endpoint: 'refreshToken' },
    extra,
  );
  if (result.error || !result.data) return false;
  api.dispatch(tokenReceived({ token: result.data as SessionToken }));
  return true;
}

/**
 * Ends the session on this device: forgets the token (memory, sessionStorage, localStorage),
 * purges the persisted state, resets every slice and the API cache. Without a token the private
 * routes redirect to /login (app/layouts/require-auth.tsx), showing `notice` there; `next`
 * brings the user back after logging in again (expired session), a deliberate logout has none
 * (and also clears the field diary's store, diary/clear.ts).
 */
export async function clearSession(
  dispatch: (action: unknown) => unknown,
  options: { next?: string; notice?: string } = {},
): Promise<void> {
  writeSessionToken(null);
  // A sign-out forgets the field diary kept on this device (issue 28: no account's records for the
  // next). An expired session (it has `next`) keeps it: its waiting entries go after signing in again.
  if (!options.next) await clearDiaryStore();
  try {
    await purgeStoredState(persistTarget);
  } catch {
    // storage unavailable: the reset below still forgets the session in memory
  }
  dispatch(resetAll({ notice: options.notice, next: options.next ?? null }));
  // After the private pages unmounted, so no subscribed query refetches without a token.
  setTimeout(() => dispatch(api.util.resetApiState()), 0);
}

/** Reads the account (whoami) again: its menus follow what the server now says it holds. */
function accountChanged() {
  return api.util.invalidateTags(['Me']);
}

/**
 * Adds Authorization, locale and Platform; times out after API_TIMEOUT_MS; normalises every
 * failure to ApiError. On a 401 it tries the refresh token once, then logs out (spec §8). A 403 of a
 * contract gate (feature_unavailable, entitlement_required) turns the open page into the
 * no-permission screen.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const tokenAtStart = (api.getState() as TokenState).user.token;
  const pageAtStart = window.location.pathname;
  let result = await rawBaseQuery(args, api, extra);

  if (result.error?.status === 401 && tokenAtStart && !NO_LOGOUT_ON_401.has(api.endpoint)) {
    const current = (api.getState() as TokenState).user.token;
    let renewed = !!current && current.access_token !== tokenAtStart.access_token;
    if (!renewed && current?.refresh_token) {
      refreshing ??= refreshSession(current.refresh_token, api, extra).finally(() => {
        refreshing = null;
      });
      renewed = await refreshing;
    }
    if (renewed) result = await rawBaseQuery(args, api, extra);
    if (result.error?.status === 401 && (api.getState() as TokenState).user.token) {
      const error = normaliseError(result.error, localTexts());
      const { pathname, search } = window.location;
      await clearSession(api.dispatch, { next: pathname + search, notice: error.message });
      return { error, meta: result.meta };
    }
  }

  if (result.error) {
    const error = normaliseError(result.error, localTexts());
    // A gate of the contract refused (the account no longer holds it, or the page was opened by a
    // link): the frame shows the no-permission screen for this page, and the account is read again
    // so the menu follows.
    if (error.status === 403 && isGateRefusal(error.code)) {
      api.dispatch(pageRefused({ path: pageAtStart, code: error.code }));
      api.dispatch(accountChanged());
    }
    return { error, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

/** The one API slice; features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Producer', 'AdminUser'],
  endpoints: () => ({}),
});
