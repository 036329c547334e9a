import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlatformKey } from '@agrihub/contract/platforms';
import { resetAll } from '../lib/session-actions';

export type AccountSetupStep = 'business' | 'account' | 'password' | 'apiKeys';

/** Spec §3 layout slice. `platform` is informational: the host decides it at every load. */
export interface LayoutState {
  collapsed: boolean;
  selectedSubmenu: string;
  accountSetupStep: AccountSetupStep | null;
  loadedNewAccountIntro: boolean;
  platform: { platform: PlatformKey; primaryColor: string } | null;
}

const initialState: LayoutState = {
  collapsed: false,
  selectedSubmenu: 'dashboard',
  accountSetupStep: null,
  loadedNewAccountIntro: false,
  platform: null,
};

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    collapsedToggled(state) {
      state.collapsed = !state.collapsed;
    },
    submenuSelected(state, action: PayloadAction<string>) {
      state.selectedSubmenu = action.payload;
    },
    accountSetupStepChanged(state, action: PayloadAction<AccountSetupStep | null>) {
      state.accountSetupStep = action.payload;
    },
    newAccountIntroLoaded(state) {
      state.loadedNewAccountIntro = true;
    },
    platformDetected(state, action: PayloadAction<{ platform: PlatformKey; primaryColor: string }>) {
      state.platform = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, (state) => ({ ...initialState, platform: state.platform }));
  },
});

export const { collapsedToggled, submenuSelected, accountSetupStepChanged, newAccountIntroLoaded, platformDetected } =
  layoutSlice.actions;
