import { createSlice } from '@reduxjs/toolkit';
import type { GateRefusal } from '@agrihub/contract/gates';
import { pageRefused } from '../lib/page-refusal';
import { resetAll } from '../lib/session-actions';

/**
 * A gate the API refused while a page was open (lib/page-refusal: 403 `feature_unavailable` or
 * `entitlement_required`, the account changed since the page was allowed). The frame shows the
 * no-permission screen for that page only, until the user leaves it; never persisted.
 */
export interface PageRefusalState {
  path: string | null;
  code: GateRefusal | null;
}

const initialState: PageRefusalState = { path: null, code: null };

export const pageRefusalSlice = createSlice({
  name: 'pageRefusal',
  initialState,
  reducers: {
    pageRefusalCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addCase(pageRefused, (_state, action) => action.payload);
    builder.addCase(resetAll, () => initialState);
  },
});

export const { pageRefusalCleared } = pageRefusalSlice.actions;
