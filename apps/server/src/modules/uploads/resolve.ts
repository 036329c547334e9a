import { and, eq, inArray, like, or } from 'drizzle-orm';
import { uploadKeyOf } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { uploads, users, type StoredFile } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import type { OwnerRef, PlatformOnly } from '../../lib/scope.js';
import type { StorageDriver } from '../../plugins/storage.js';

/** An upload a body refers to, as stored in the record (URLs from the upload row, never from the request). */
export interface OwnUpload extends Required<StoredFile> {
  kind: string;
}

/**
 * What a field accepts: any file; an `image` (uploaded as an image, so it has a thumbnail: product
 * photos, variant and option thumbnails); or a `picture` (any file whose content is an image:
 * batch event photos, which may come from the document upload too).
 */
export type UploadUse = 'any' | 'image' | 'picture';

/**
 * The one check that uploaded files named in a body (product, batch, event…) are the producer's
 * own: files uploaded on the scope's platform by a user of the scope's producer. Ids that are not
 * are absent from the map; pickUpload turns that into 422 invalidUpload on the field.
 */
export async function resolveOwnUploads(
  db: Db | Tx,
  storage: StorageDriver,
  scope: OwnerRef,
  ids: number[],
): Promise<Map<number, OwnUpload>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .where(
      and(inArray(uploads.id, wanted), eq(uploads.platform, scope.platform), eq(users.producerId, scope.producerId)),
    );
  return uploadMap(storage, rows);
}

/**
 * The same check for the back office's own records (posts, page views): files uploaded on the
 * scope's platform, by anyone of it. Another platform's upload is absent from the map, so
 * pickUpload answers 422 invalidUpload as for a producer.
 */
export async function resolvePlatformUploads(
  db: Db | Tx,
  storage: StorageDriver,
  scope: PlatformOnly,
  ids: number[],
): Promise<Map<number, OwnUpload>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ upload: uploads })
    .from(uploads)
    .where(and(inArray(uploads.id, wanted), eq(uploads.platform, scope.platform)));
  return uploadMap(storage, rows);
}

function uploadMap(storage: StorageDriver, rows: { upload: typeof uploads.$inferSelect }[]): Map<number, OwnUpload> {
  return new Map(
    rows.map(({ upload: u }) => [
      u.id,
      {
        id: u.id,
        kind: u.kind,
        url: storage.url(u.storageKey),
        thumbnail_url: u.thumbnailKey ? storage.url(u.thumbnailKey) : null,
        filename: u.filename,
        content_type: u.contentType,
      },
    ]),
  );
}

function fits(u: OwnUpload, use: UploadUse): boolean {
  if (use === 'image') return u.kind === 'image';
  if (use === 'picture') return u.content_type.startsWith('image/');
  return true;
}

/** The upload `id` from `found`, or 422 invalidUpload on `field` (not the producer's, or not what the field takes). */
export function pickUpload(
  found: Map<number, OwnUpload>,
  id: number,
  field: string,
  use: UploadUse = 'any',
): OwnUpload {
  const u = found.get(id);
  if (!u || !fits(u, use)) throw unprocessable('invalidUpload', {}, field);
  return u;
}

/** The file reference a record keeps (no upload kind). */
export function storedFile(u: OwnUpload): StoredFile {
  return {
    id: u.id,
    url: u.url,
    thumbnail_url: u.thumbnail_url,
    filename: u.filename,
    content_type: u.content_type,
  };
}

/** A list of upload ids → the stored files in the given order; 422 on `${field}.${i}` for the first that fails. */
export async function resolveOwnFiles(
  db: Db | Tx,
  storage: StorageDriver,
  scope: OwnerRef,
  ids: number[],
  field: string,
  use: UploadUse = 'any',
): Promise<StoredFile[]> {
  const found = await resolveOwnUploads(db, storage, scope, ids);
  return ids.map((id, i) => storedFile(pickUpload(found, id, `${field}.${i}`, use)));
}

/**
 * An image URL a producer's record keeps (its logo, ADR 034): a web address passes as it is; an
 * upload path (`/uploads/<key>`) must name an image uploaded on the platform by a user of the
 * producer, or by the one acting (a user creating its producer, an administrator editing one).
 * 422 invalidUpload on `field` otherwise.
 */
export async function assertOwnImageUrl(
  db: Db | Tx,
  who: { platform: string; producerId: number | null; userId: number },
  url: string,
  field: string,
): Promise<void> {
  const key = uploadKeyOf(url);
  if (key === null) return;
  const uploader = or(
    eq(uploads.userId, who.userId),
    who.producerId === null ? undefined : eq(users.producerId, who.producerId),
  );
  const [found] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.userId))
    .where(
      and(
        eq(uploads.storageKey, key),
        eq(uploads.platform, who.platform),
        like(uploads.contentType, 'image/%'),
        uploader,
      ),
    )
    .limit(1);
  if (!found) throw unprocessable('invalidUpload', {}, field);
}
