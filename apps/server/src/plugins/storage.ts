import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import { isStorableText } from '@agrihub/contract';
import { uploads } from '../db/schema/index.js';
import { attachmentDisposition } from '../lib/filenames.js';
import { publicRoutes } from './auth.js';

/** Where uploaded bytes live. Local disk by default; an S3-compatible driver fits the same shape. */
export interface StorageDriver {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The URL clients fetch the file from. */
  url(key: string): string;
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

/** Stored images (re-encoded by sharp, so only these) are shown inline; anything else is a download. */
const INLINE = new Set(['.jpg', '.jpeg', '.png', '.webp']);
export const isInline = (file: string) => INLINE.has(path.extname(file).toLowerCase());

/**
 * Serves stored files under /uploads with their content type and `nosniff`. Images are shown
 * inline under a CSP that runs nothing. Any other file (PDF, XLSX, DOCX …) is served as
 * `Content-Disposition: attachment` under the uploaded name, with `Content-Security-Policy:
 * sandbox`: even opened in the browser (a PDF viewer runs the PDF's JavaScript), it runs in an
 * opaque origin, never with the app's.
 */
export default fp(async function storage(app) {
  const root = app.config.uploadDir;
  await fs.mkdir(root, { recursive: true });
  app.decorate('storage', localStorageDriver(root));
  const names = new WeakMap<FastifyRequest, string>();
  await app.register(
    publicRoutes(async (scope) => {
      // The name people uploaded it under (cleaned at upload), for the download.
      scope.addHook('preHandler', async (req) => {
        const key = (req.params as { '*'?: string })['*'];
        // A key with NUL or a lone surrogate names no stored file (and PostgreSQL refuses it).
        if (!key || isInline(key) || !isStorableText(key)) return;
        const [row] = await app.db
          .select({ filename: uploads.filename })
          .from(uploads)
          .where(eq(uploads.storageKey, key))
          .limit(1);
        if (row) names.set(req, row.filename);
      });
      await scope.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        setHeaders(reply, file) {
          reply.header('X-Content-Type-Options', 'nosniff');
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          if (isInline(file)) {
            reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
            return;
          }
          reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
          reply.header('Content-Disposition', attachmentDisposition(names.get(reply.request) ?? path.basename(file)));
        },
      });
    }),
  );
});
