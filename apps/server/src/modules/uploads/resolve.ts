import { and, eq, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import { privateFileUrl, uploadKeyOf, type UploadOwnerType } from '@agrihub/contract';
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

/** A staff member acting on the platform's records. */
export type StaffActor = PlatformOnly & { userId: number };

/** The record a private file belongs to (ADR 033). */
export interface UploadOwner {
  type: UploadOwnerType;
  id: number;
}

/**
 * Where a field puts its files (ADR 033): on something public (product, batch, post: the files
 * become public, served at /uploads/<key>), or in a private record, which takes only private files
 * that belong to no other record (`record`: the one being edited, whose own files it keeps). Their
 * URL is then the private /api/v1/uploads/{id}/content, read with a token.
 */
export type Placement = { visibility: 'public' } | { visibility: 'private'; record?: UploadOwner };
export const PUBLIC: Placement = { visibility: 'public' };
export const privateTo = (record?: UploadOwner): Placement => ({ visibility: 'private', record });

/** A private field takes a private file of no record yet, or of the record being edited. */
function placeable(placement: Placement): SQL | undefined {
  if (placement.visibility === 'public') return undefined;
  const { record } = placement;
  return and(
    eq(uploads.visibility, 'private'),
    or(
      isNull(uploads.ownerType),
      record ? and(eq(uploads.ownerType, record.type), eq(uploads.ownerId, record.id)) : undefined,
    ),
  );
}

/**
 * The one check that uploaded files named in a body (product, batch, event, service request…) are
 * the producer's own: files uploaded on the scope's platform by a user of the scope's producer (its
 * accounts act for one owner and read all of its records). Ids that are not are absent from the
 * map; pickUpload turns that into 422 invalidUpload on the field.
 */
export async function resolveOwnUploads(
  db: Db | Tx,
  storage: StorageDriver,
  scope: OwnerRef,
  ids: number[],
  placement: Placement = PUBLIC,
): Promise<Map<number, OwnUpload>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const query = db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .where(
      and(
        inArray(uploads.id, wanted),
        eq(uploads.platform, scope.platform),
        eq(users.producerId, scope.producerId),
        placeable(placement),
      ),
    );
  // A private file is claimed by one record: two saves naming it take turns (claimUploads).
  const rows = placement.visibility === 'private' ? await query.for('update', { of: uploads }) : await query;
  return uploadMap(storage, rows, placement);
}

/**
 * The same check for the back office's records (purchase orders, OEMs, posts, page views): files
 * the staff member uploaded on the scope's platform, or that the record already holds (`kept`: a
 * colleague editing it keeps them). Anyone else's upload is absent from the map, so pickUpload
 * answers 422 invalidUpload and nothing of it (URL, name) reaches the answer.
 */
export async function resolveStaffUploads(
  db: Db | Tx,
  storage: StorageDriver,
  scope: StaffActor,
  ids: number[],
  placement: Placement = PUBLIC,
  kept: number[] = [],
): Promise<Map<number, OwnUpload>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const keptIds = kept.filter((id) => wanted.includes(id));
  const query = db
    .select({ upload: uploads })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, wanted),
        eq(uploads.platform, scope.platform),
        or(eq(uploads.userId, scope.userId), keptIds.length ? inArray(uploads.id, keptIds) : undefined),
        placeable(placement),
      ),
    );
  const rows = placement.visibility === 'private' ? await query.for('update') : await query;
  return uploadMap(storage, rows, placement);
}

function uploadMap(
  storage: StorageDriver,
  rows: { upload: typeof uploads.$inferSelect }[],
  placement: Placement,
): Map<number, OwnUpload> {
  const shown = placement.visibility === 'public';
  return new Map(
    rows.map(({ upload: u }) => [
      u.id,
      {
        id: u.id,
        kind: u.kind,
        url: shown ? storage.url(u.storageKey) : privateFileUrl(u.id),
        thumbnail_url: shown && u.thumbnailKey ? storage.url(u.thumbnailKey) : null,
        filename: u.filename,
        content_type: u.contentType,
      },
    ]),
  );
}

/** Files put on something public are served to anyone from now on (at /uploads/<key>). */
export async function publishUploads(db: Db | Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(uploads)
    .set({ visibility: 'public' })
    .where(and(inArray(uploads.id, [...new Set(ids)]), eq(uploads.visibility, 'private')));
}

/** Private files put in a record belong to it: read by whoever may read the record (uploads/access.ts). */
export async function claimUploads(db: Db | Tx, ids: number[], owner: UploadOwner): Promise<void> {
  if (!ids.length) return;
  await db
    .update(uploads)
    .set({ ownerType: owner.type, ownerId: owner.id })
    .where(and(inArray(uploads.id, [...new Set(ids)]), eq(uploads.visibility, 'private'), isNull(uploads.ownerType)));
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

/**
 * A list of upload ids → the stored files in the given order; 422 on `${field}.${i}` for the first
 * that fails. Files placed on something public are published; private ones are claimed by the
 * caller once its record has an id (claimUploads).
 */
export async function resolveOwnFiles(
  db: Db | Tx,
  storage: StorageDriver,
  scope: OwnerRef,
  ids: number[],
  field: string,
  use: UploadUse = 'any',
  placement: Placement = PUBLIC,
): Promise<StoredFile[]> {
  const found = await resolveOwnUploads(db, storage, scope, ids, placement);
  const files = ids.map((id, i) => storedFile(pickUpload(found, id, `${field}.${i}`, use)));
  if (placement.visibility === 'public') await publishUploads(db, ids);
  return files;
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
        // A logo shows on public pages: only a public upload (an image, ADR 033) may be one.
        eq(uploads.visibility, 'public'),
        uploader,
      ),
    )
    .limit(1);
  if (!found) throw unprocessable('invalidUpload', {}, field);
}
