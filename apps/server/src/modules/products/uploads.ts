import { and, eq, inArray } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { uploads, users, type StoredFile } from '../../db/schema/index.js';
import type { StorageDriver } from '../../plugins/storage.js';
import { unprocessable } from '../../lib/errors.js';

export interface ResolvedUpload extends StoredFile {
  kind: string;
  thumbnail_url: string | null;
  filename: string;
}

/**
 * Upload ids a product refers to must be files uploaded on this platform by a user of the same
 * producer; the URLs kept in the product come from the upload rows, never from the request.
 */
export async function resolveUploads(
  tx: Tx,
  storage: StorageDriver,
  scope: { platform: PlatformKey; producerId: number },
  ids: number[],
): Promise<Map<number, ResolvedUpload>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: uploads.id,
      kind: uploads.kind,
      key: uploads.storageKey,
      thumb: uploads.thumbnailKey,
      filename: uploads.filename,
      type: uploads.contentType,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .where(
      and(inArray(uploads.id, wanted), eq(uploads.platform, scope.platform), eq(users.producerId, scope.producerId)),
    );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind,
        url: storage.url(r.key),
        thumbnail_url: r.thumb ? storage.url(r.thumb) : null,
        filename: r.filename,
        content_type: r.type,
      },
    ]),
  );
}

/** The upload, or 422 invalidUpload on `field`; `image` also requires an image. */
export function pick(found: Map<number, ResolvedUpload>, id: number, field: string, image = false): ResolvedUpload {
  const u = found.get(id);
  if (!u || (image && u.kind !== 'image')) throw unprocessable('invalidUpload', {}, field);
  return u;
}
