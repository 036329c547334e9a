import { combineReducers } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { layoutSlice } from './layout-slice';
import { loginSlice } from './login-slice';
import { pageRefusalSlice } from './page-refusal-slice';
import { userSlice } from './user-slice';

export const rootReducer = combineReducers({
  login: loginSlice.reducer,
  user: userSlice.reducer,
  layout: layoutSlice.reducer,
  pageRefusal: pageRefusalSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
