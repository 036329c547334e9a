import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isUtf8MimeType, mime } from '@fastify/send';
import { eq, or } from 'drizzle-orm';
import { isStorableText } from '@agrihub/contract';
import type { Config } from '../config/env.js';
import { uploads } from '../db/schema/index.js';
import { attachmentDisposition } from '../lib/filenames.js';
import { publicRoutes } from './auth.js';
import type { S3StorageDriver } from './storage-s3.js';

/** Where uploaded bytes live: local disk by default, an S3 bucket when S3_BUCKET is set (storage-s3.ts). */
export interface StorageDriver {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The URL clients fetch the file from: /uploads/<key> whatever the driver. */
  url(key: string): string;
  /** Lets go of connections (the S3 client's) when the app closes. */
  close?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
  }
}

export function localStorageDriver(root: string): StorageDriver {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('bad storage key');
    return p;
  };
  return {
    async put(key, body) {
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      await fs.writeFile(full(key), body);
    },
    async get(key) {
      return fs.readFile(full(key)).catch(() => null);
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    url: (key) => `/uploads/${key}`,
  };
}

/**
 * The driver the configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads.
 * The S3 client is loaded only then (it takes a while to import).
 */
export async function createStorageDriver(config: Pick<Config, 's3' | 'uploadDir'>): Promise<StorageDriver> {
  if (!config.s3) return localStorageDriver(config.uploadDir);
  const { s3StorageDriver } = await import('./storage-s3.js');
  return s3StorageDriver(config.s3);
}

export const isS3Driver = (driver: StorageDriver): driver is S3StorageDriver =>
  (driver as Partial<S3StorageDriver>).kind === 's3';

/** The Content-Type @fastify/static gives a file of this name (by its extension; none when unknown). */
export function contentTypeOf(key: string): string | undefined {
  const type = mime.getType(key);
  if (!type) return undefined;
  return isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/** Stored images (re-encoded by sharp, so only these) are shown inline; anything else is a download. */
const INLINE = new Set(['.jpg', '.jpeg', '.png', '.webp']);
export const isInline = (file: string) => INLINE.has(path.extname(file).toLowerCase());

/**
 * The headers every stored file is served with (by @fastify/static from disk, or streamed from S3):
 * `nosniff`, cached for a year (a key is never reused). Images are shown inline under a CSP that
 * runs nothing. Any other file (PDF, XLSX, DOCX …) is served as `Content-Disposition: attachment`
 * under the uploaded name, with `Content-Security-Policy: sandbox`: even opened in the browser (a
 * PDF viewer runs the PDF's JavaScript), it runs in an opaque origin, never with the app's.
 */
function setUploadHeaders(reply: FastifyReply, file: string, uploadedName: string | undefined) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  if (isInline(file)) {
    reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    return;
  }
  reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  reply.header('Content-Disposition', attachmentDisposition(uploadedName ?? path.basename(file)));
}

/**
 * The headers of a private file (GET /api/v1/uploads/{id}/content, ADR 033): never stored by a
 * browser or a shared cache, always a sandboxed download under its uploaded name.
 */
export function setPrivateFileHeaders(reply: FastifyReply, uploadedName: string) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  reply.header('Content-Disposition', attachmentDisposition(uploadedName));
}

/**
 * Serves the public stored files under /uploads/<key> with their content type and
 * {@link setUploadHeaders}. A key of a private upload (or of none) is not found, whatever the
 * driver: private files are read only through the uploads routes, by those who may (ADR 033).
 */
export default fp(async function storage(app) {
  const driver = await createStorageDriver(app.config);
  app.decorate('storage', driver);
  app.addHook('onClose', async () => driver.close?.());
  const names = new WeakMap<FastifyRequest, string>();
  await app.register(
    publicRoutes(async (scope) => {
      // Only a public upload's file (or thumbnail) is served, with the name it was uploaded under.
      scope.addHook('preHandler', async (req, reply) => {
        const key = (req.params as { '*'?: string })['*'];
        // A key with NUL or a lone surrogate names no stored file (and PostgreSQL refuses it).
        const [row] =
          key && isStorableText(key)
            ? await app.db
                .select({ filename: uploads.filename, visibility: uploads.visibility })
                .from(uploads)
                .where(or(eq(uploads.storageKey, key), eq(uploads.thumbnailKey, key)))
                .limit(1)
            : [];
        if (row?.visibility !== 'public') {
          reply.callNotFound();
          return reply;
        }
        names.set(req, row.filename);
      });
      if (isS3Driver(driver)) {
        serveFromS3(scope, driver, (req) => names.get(req));
        return;
      }
      const root = app.config.uploadDir;
      await fs.mkdir(root, { recursive: true });
      await scope.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        setHeaders(reply, file) {
          setUploadHeaders(reply, file, names.get(reply.request));
        },
      });
    }),
  );
});

/** A Range that every S3-compatible store reads alike; any other (suffix, several ranges) gets the whole file. */
const SIMPLE_RANGE = /^bytes=\d+-\d*$/;

function httpDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function statusError(statusCode: 412 | 416): Error {
  return Object.assign(new Error(statusCode === 412 ? 'Precondition Failed' : 'Range Not Satisfiable'), { statusCode });
}

/**
 * GET and HEAD /uploads/<key> streamed from the bucket with the headers @fastify/static gives a
 * file on disk: type by extension, length, Accept-Ranges, ETag, Last-Modified, 206 for one range,
 * 304/412 for the conditional headers (the bucket decides them), 404 for a key it does not hold.
 */
function serveFromS3(
  scope: FastifyInstance,
  driver: S3StorageDriver,
  uploadedName: (req: FastifyRequest) => string | undefined,
) {
  scope.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    async handler(req, reply) {
      const key = (req.params as { '*'?: string })['*'] ?? '';
      const h = req.headers;
      // If-Range cannot be asked of S3: with one the whole file is sent, as HTTP allows.
      const range = h.range && !h['if-range'] && SIMPLE_RANGE.test(h.range) ? h.range : undefined;
      const found = await driver.read(key, {
        head: req.method === 'HEAD',
        range,
        ifNoneMatch: h['if-none-match'],
        ifModifiedSince: h['if-none-match'] ? undefined : httpDate(h['if-modified-since']),
        ifMatch: h['if-match'],
        ifUnmodifiedSince: h['if-match'] ? undefined : httpDate(h['if-unmodified-since']),
      });
      switch (found.kind) {
        case 'missing':
          return reply.callNotFound();
        case 'precondition-failed':
          throw statusError(412);
        case 'unsatisfiable':
          if (found.size !== undefined) reply.header('Content-Range', `bytes */${found.size}`);
          throw statusError(416);
        case 'not-modified':
          reply.code(304);
          reply.header('Accept-Ranges', 'bytes');
          if (found.lastModified) reply.header('Last-Modified', found.lastModified.toUTCString());
          if (found.etag) reply.header('ETag', found.etag);
          setUploadHeaders(reply, key, uploadedName(req));
          return reply.send();
        case 'found': {
          reply.code(found.status);
          reply.header('Accept-Ranges', 'bytes');
          if (found.lastModified) reply.header('Last-Modified', found.lastModified.toUTCString());
          if (found.etag) reply.header('ETag', found.etag);
          const type = contentTypeOf(key);
          if (type) reply.header('Content-Type', type);
          if (found.contentRange) reply.header('Content-Range', found.contentRange);
          if (found.length !== undefined) reply.header('Content-Length', found.length);
          setUploadHeaders(reply, key, uploadedName(req));
          return reply.send(found.body ?? undefined);
        }
      }
    },
  });
}
