import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { JSON_BODY_MAX_BYTES } from '@agrihub/contract';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import authPlugin, { publicRoutes } from './plugins/auth.js';
import compressionPlugin from './plugins/compression.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import contextPlugin from './plugins/context.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin from './plugins/errors.js';
import clusterPlugin from './plugins/cluster.js';
import eventsPlugin from './plugins/events.js';
import mailerPlugin from './plugins/mailer.js';
import storagePlugin from './plugins/storage.js';
import foldersPlugin from './plugins/folders.js';
import webPlugin from './plugins/web.js';
import redisPlugin from './plugins/redis.js';
import { sharedRateLimitStore } from './plugins/rate-limit-store.js';
import { registerModules } from './modules/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
}

/** Never log secrets: tokens, passwords, cookies, API keys (ADR 039). */
export const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old_password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.secret',
];

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === undefined
        ? {
            level: config.LOG_LEVEL,
            redact: REDACT,
            ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
          }
        : logger,
    trustProxy: config.TRUST_PROXY === 'true',
    bodyLimit: JSON_BODY_MAX_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { database, config });
  // Null without REDIS_URL; with it, the rate limits and public counters hold across nodes (ADR 026).
  await app.register(redisPlugin);
  // The first request hook: every answer carries the security headers, the early refusals of
  // the platform check (400) and the access check (401, 403) included.
  await app.register(securityHeadersPlugin);
  // Before any route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  await app.register(contextPlugin);
  // Before any route is added, so every route's declared access rule is seen and enforced.
  await app.register(authPlugin);
  await app.register(formbody);
  const { sharedWindows } = app;
  await app.register(rateLimit, {
    global: false,
    // Per node in memory, or shared through Redis with this node's memory as the fallback.
    ...(app.redis && sharedWindows
      ? {
          store: sharedRateLimitStore(app.redis, 'rl:', (err) => sharedWindows.degraded(err, 'rate limit')),
          skipOnError: true,
        }
      : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'AgriHub API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(publicRoutes((scope) => scope.register(swaggerUi, { routePrefix: '/api/docs' })));
  await app.register(mailerPlugin);
  await app.register(eventsPlugin);
  // Before the modules: their caches register how a change (local or told by another node) applies.
  await app.register(clusterPlugin);
  await app.register(storagePlugin);
  await app.register(foldersPlugin);

  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok', database: database.kind }));
  await registerModules(app);
  await app.register(webPlugin);
  return app;
}
