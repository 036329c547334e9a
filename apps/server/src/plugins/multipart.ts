import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACHMENT_MAX_BYTES } from '@agrihub/contract';

/**
 * Multipart bodies, for the routes of the calling module's scope only (uploads, the services'
 * pricing table, Foodmap's department registration). Registered app-wide, @fastify/multipart's
 * asynchronous onRequest (a `close` listener per request) and onResponse hooks ran on every
 * request, the public lookups included (bench/scale.ts). Elsewhere a multipart body is refused
 * with 415 (plugins/errors.ts). Each route's reader sets its own, tighter byte limit.
 */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10 } });
}
