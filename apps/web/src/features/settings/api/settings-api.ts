import type {
  PlatformSetting,
  UpdatePlatformSettingRequest,
  UpdateUserSettingRequest,
  UserSetting,
} from '@agrihub/contract/schemas/settings';
import { api } from '../../../lib/api';
import type { Envelope } from '../../../lib/session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['MySetting', 'PlatformSetting'] });

export interface Saved<T> {
  value: T;
  message: string | undefined;
}

/** /general-setting: the own settings (GET/PUT /api/v1/settings) and the platform's (role admin). */
export const settingsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getMySetting: build.query<UserSetting, void>({
      query: () => 'api/v1/settings',
      transformResponse: (answer: Envelope<{ setting: UserSetting }>) => answer.data.setting,
      providesTags: ['MySetting'],
    }),
    updateMySetting: build.mutation<Saved<UserSetting>, UpdateUserSettingRequest>({
      query: (body) => ({ url: 'api/v1/settings', method: 'PUT', body }),
      transformResponse: (answer: Envelope<{ setting: UserSetting }>) => ({
        value: answer.data.setting,
        message: answer.meta?.message,
      }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(settingsApi.util.upsertQueryData('getMySetting', undefined, data.value));
        } catch {
          // the form shows the failure
        }
      },
    }),
    getPlatformSetting: build.query<PlatformSetting, void>({
      query: () => 'api/v1/admin/platform_settings',
      transformResponse: (answer: Envelope<{ platform_setting: PlatformSetting }>) => answer.data.platform_setting,
      providesTags: ['PlatformSetting'],
    }),
    updatePlatformSetting: build.mutation<Saved<PlatformSetting>, UpdatePlatformSettingRequest>({
      query: (body) => ({ url: 'api/v1/admin/platform_settings', method: 'PUT', body }),
      transformResponse: (answer: Envelope<{ platform_setting: PlatformSetting }>) => ({
        value: answer.data.platform_setting,
        message: answer.meta?.message,
      }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(settingsApi.util.upsertQueryData('getPlatformSetting', undefined, data.value));
        } catch {
          // the form shows the failure
        }
      },
    }),
  }),
});

export const {
  useGetMySettingQuery,
  useUpdateMySettingMutation,
  useGetPlatformSettingQuery,
  useUpdatePlatformSettingMutation,
} = settingsApi;
