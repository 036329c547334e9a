import { expect } from 'vitest';
import { as, json, type TestApp } from './helper.js';
import type { Built } from './factories.js';

/** A multipart/form-data body for app.inject: one file part (and optional text fields). */
export function multipart(
  file: { field?: string; filename: string; contentType?: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----agrihub${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

export type Uploaded = { id: number; url: string; thumbnail_url: string | null; byte_size: number; filename: string };

/** Uploads one file as `who` through the API (`images` or `attachments`): the upload's answer (201 expected). */
export async function uploadAs(
  app: TestApp,
  who: Built,
  kind: 'images' | 'attachments',
  filename: string,
  data: Buffer,
) {
  const body = multipart({ filename, data });
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/v1/${kind}`,
    headers: { ...as(who), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const answer = json(res).data;
  return (answer.image ?? answer.attachment) as Uploaded;
}
