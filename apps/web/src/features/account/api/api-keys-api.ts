import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { ApiKey, ApiKeyInput } from '@agrihub/contract/schemas/api-keys';
import { api } from '../../../lib/api';
import { cleanParams } from '../../../lib/clean-params';

export interface ApiKeyList {
  api_keys: ApiKey[];
  meta: ListMeta;
}
/** A new key and its secret: shown once, never stored in the cache beyond the answer. */
export interface CreatedApiKey {
  api_key: ApiKey;
  secret: string;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['ApiKeyList'] });

/** The producer's API keys for machine clients (ADR 039): list, create (secret once), revoke. */
export const apiKeysApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyList, { page?: number; per_page?: number }>({
      query: (args) => ({ url: 'api/v1/api-keys', params: cleanParams(args) }),
      transformResponse: (a: { data: { api_keys: ApiKey[] }; meta: ListMeta }) => ({
        api_keys: a.data.api_keys,
        meta: a.meta,
      }),
      providesTags: ['ApiKeyList'],
    }),
    createApiKey: build.mutation<CreatedApiKey, ApiKeyInput>({
      query: (body) => ({ url: 'api/v1/api-keys', method: 'POST', body }),
      transformResponse: (a: { data: CreatedApiKey }) => a.data,
      invalidatesTags: (_r, e) => (e ? [] : ['ApiKeyList']),
    }),
    revokeApiKey: build.mutation<ApiKey, number>({
      query: (id) => ({ url: `api/v1/api-keys/${id}/revoke`, method: 'POST' }),
      transformResponse: (a: { data: { api_key: ApiKey } }) => a.data.api_key,
      invalidatesTags: (_r, e) => (e ? [] : ['ApiKeyList']),
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
