import type { Upload } from '@agrihub/contract/schemas/uploads';
import { api } from './api';
import type { Envelope } from './session-api';

/**
 * POST /api/v1/attachments (multipart `file`): certificate files and event documents; images go
 * through session-api's uploadImage.
 */
export const attachmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadAttachment: build.mutation<Upload, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'api/v1/attachments', method: 'POST', body };
      },
      transformResponse: (answer: Envelope<{ attachment: Upload }>) => answer.data.attachment,
    }),
  }),
});

export const { useUploadAttachmentMutation } = attachmentsApi;
