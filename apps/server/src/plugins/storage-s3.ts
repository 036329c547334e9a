import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { isStorableText } from '@agrihub/contract';
import type { S3Settings } from '../config/env.js';
import { StorageUnavailableError } from '../lib/storage-errors.js';
import { contentTypeOf, type StorageDriver } from './storage.js';

/** What a GET or HEAD of /uploads/<key> asks the bucket (the client's conditional and Range headers). */
export interface ReadRequest {
  head: boolean;
  /** One `bytes=` range in a form every S3-compatible store reads (`N-` or `N-M`). */
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: Date;
  ifMatch?: string;
  ifUnmodifiedSince?: Date;
}

export type ReadResult =
  | {
      kind: 'found';
      status: 200 | 206;
      /** Absent for HEAD. */
      body: Readable | null;
      length: number | undefined;
      contentRange: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    }
  | { kind: 'missing' }
  | { kind: 'not-modified'; etag: string | undefined; lastModified: Date | undefined }
  | { kind: 'precondition-failed' }
  | { kind: 'unsatisfiable'; size: number | undefined };

export interface S3StorageDriver extends StorageDriver {
  kind: 's3';
  bucket: string;
  /** Streams an object for /uploads/<key>, the bucket answering the conditional and Range headers. */
  read(key: string, req: ReadRequest): Promise<ReadResult>;
}

/**
 * Keys the app makes (`<platform>/<yyyy>/<mm>/<hex>.<ext>`, the seed's likewise): relative, no
 * empty, `.` or `..` segment, no backslash, control character or lone surrogate (S3 keys are
 * UTF-8). Any other names no stored file.
 */
export function isStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    isStorableText(key) &&
    ![...key].some((c) => c < ' ' || c === '\u007f' || c === '\\') &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function headerOf(err: unknown, name: string): string | undefined {
  const headers = (err as { $response?: { headers?: Record<string, string> } } | null)?.$response?.headers;
  return headers?.[name] ?? undefined;
}

/**
 * Uploads in an S3 bucket (AWS S3 or any S3-compatible store: MinIO, Ceph, Garage, R2 …), selected
 * by S3_BUCKET. The app still serves them at /uploads/<key> (plugins/storage.ts streams them from
 * here), so the URLs in the database stay the same whichever node or driver serves them.
 */
export function s3StorageDriver(s3: S3Settings): S3StorageDriver {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores refuse or ignore the
    // SDK's default CRC32 headers (and aws-chunked bodies); S3 checks Content-MD5-less puts by TLS.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it for good.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
  const Bucket = s3.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error('bad storage key');
    return key;
  };

  return {
    kind: 's3',
    bucket: Bucket,
    async put(key, body) {
      const type = contentTypeOf(key);
      await client
        .send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ...(type ? { ContentType: type } : {}) }))
        .catch((err: unknown) => {
          throw new StorageUnavailableError('put', err);
        });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw new StorageUnavailableError('get', err);
      }
    },
    async remove(key) {
      // Deleting a missing object succeeds, as fs.rm with force does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) })).catch((err: unknown) => {
        if (statusOf(err) === 404) return;
        throw new StorageUnavailableError('remove', err);
      });
    },
    url: (key) => `/uploads/${key}`,
    async read(key, req) {
      if (!isStorageKey(key)) return { kind: 'missing' };
      const input = {
        Bucket,
        Key: key,
        Range: req.range,
        IfNoneMatch: req.ifNoneMatch,
        IfModifiedSince: req.ifModifiedSince,
        IfMatch: req.ifMatch,
        IfUnmodifiedSince: req.ifUnmodifiedSince,
      };
      let res: Omit<GetObjectCommandOutput, 'Body'> & { Body?: GetObjectCommandOutput['Body'] };
      try {
        res = await client.send(req.head ? new HeadObjectCommand(input) : new GetObjectCommand(input));
      } catch (err) {
        switch (statusOf(err)) {
          case 404:
            return { kind: 'missing' };
          case 304: {
            const modified = headerOf(err, 'last-modified');
            return {
              kind: 'not-modified',
              etag: headerOf(err, 'etag'),
              lastModified: modified ? new Date(modified) : undefined,
            };
          }
          case 412:
            return { kind: 'precondition-failed' };
          case 416: {
            // The object's size for `Content-Range: bytes */<size>`.
            const size = await client
              .send(new HeadObjectCommand({ Bucket, Key: key }))
              .then((h) => h.ContentLength)
              .catch(() => undefined);
            return { kind: 'unsatisfiable', size };
          }
          default:
            throw new StorageUnavailableError('read', err);
        }
      }
      const body = (res.Body as Readable | undefined) ?? null;
      return {
        kind: 'found',
        status: res.ContentRange ? 206 : 200,
        body: req.head ? (body?.destroy(), null) : body,
        length: res.ContentLength,
        contentRange: res.ContentRange,
        etag: res.ETag,
        lastModified: res.LastModified,
      };
    },
    close() {
      client.destroy();
    },
  };
}
