import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
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

/** Serves stored files under /uploads with their content type and `nosniff` (helmet adds it). */
export default fp(async function storage(app) {
  const root = app.config.uploadDir;
  await fs.mkdir(root, { recursive: true });
  app.decorate('storage', localStorageDriver(root));
  await app.register(
    publicRoutes((scope) =>
      scope.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        setHeaders(res) {
          res.header('X-Content-Type-Options', 'nosniff');
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
          res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
        },
      }),
    ),
  );
});
