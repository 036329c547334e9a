import type { ClientMessageInput } from '@agrihub/contract/schemas/client-messages';
import { api } from './api';
import type { Envelope } from './session-api';

/**
 * The public contact form's call (POST /api/v1/client/messages): shared by every page that carries
 * the form (/services/client, later /faqs and /news). Answers the server's thank-you.
 */
export const clientMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendClientMessage: build.mutation<string, ClientMessageInput>({
      query: (body) => ({ url: 'api/v1/client/messages', method: 'POST', body }),
      transformResponse: (a: Envelope<{ sent: true }>) => a.meta?.message ?? '',
    }),
  }),
});

export const { useSendClientMessageMutation } = clientMessagesApi;
