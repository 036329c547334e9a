import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AbilityRule, PlatformKey } from '@agrihub/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { producers, users } from '../src/db/schema/index.js';
import { openSession } from '../src/modules/auth/sessions.js';
import { hashPassword } from '../src/lib/secrets.js';
import { withDatabase } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** A fresh migrated database (PGlite in memory, or a copy of the PostgreSQL template) and the real app. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-test-'));
  const template = inject('templateDatabase');
  const baseUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let database: Database;
  if (baseUrl && template) {
    dbName = `agrihub_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(baseUrl, dbName), dataDir: null });
  } else {
    database = await openDatabase({ dataDir: null });
    await database.migrate();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      if (dbName && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PASSWORD = 'Secret@1';
let passwordHash: Promise<string> | undefined;
let seq = 0;

export interface BuildUserOptions {
  platform?: PlatformKey;
  email?: string;
  roles?: string[];
  abilities?: AbilityRule[];
  /** Create a producer for the user (default: producers for non-admins). */
  producer?: boolean | Partial<typeof producers.$inferInsert>;
  createdAt?: Date;
  registedServices?: string[];
  requiredChangePassword?: boolean;
  locale?: string;
}

/** A user (and its producer unless it is an admin) with password TEST_PASSWORD and a live token. */
export async function buildUser(db: Db, opts: BuildUserOptions = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const platform = opts.platform ?? 'dtrack';
  const n = ++seq;
  const wantsProducer = opts.producer ?? !(opts.roles && opts.roles.length);
  let producerId: number | null = null;
  if (wantsProducer) {
    const [p] = await db
      .insert(producers)
      .values({
        platform,
        name: `HTX Thử nghiệm ${n}`,
        producerType: 'cooperative',
        status: 'approved',
        ...(typeof opts.producer === 'object' ? opts.producer : {}),
      })
      .returning();
    producerId = p.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      platform,
      email: opts.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.vn`,
      name: `Người dùng ${n}`,
      passwordHash: await passwordHash,
      roles: opts.roles ?? [],
      abilities: opts.abilities ?? [],
      producerId,
      registedServices: opts.registedServices ?? [],
      requiredChangePassword: opts.requiredChangePassword ?? false,
      locale: opts.locale ?? 'vi',
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  const token = await openSession(db, user.id);
  return { user: user, producerId, token: token.access_token, refreshToken: token.refresh_token, platform };
}

export type Built = Awaited<ReturnType<typeof buildUser>>;

/** Headers a client sends: Platform, locale, and the bearer token when given. */
export function headers(platform: PlatformKey, token?: string, locale = 'vi'): Record<string, string> {
  return { platform, locale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** Headers for a built user. */
export function as(u: Built, locale = 'vi') {
  return headers(u.platform, u.token, locale);
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
