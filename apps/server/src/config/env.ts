import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PLATFORM, PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import { DEFAULT_HOST } from './listen.js';
import { MAIL_FROM_VARS, mailFromValue, mailSenders, type MailSender } from './mail-senders.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address to listen on: this machine only unless set (0.0.0.0 for every interface). */
  HOST: z.string().default(DEFAULT_HOST),
  /** Where PGlite keeps its files when DATABASE_URL is unset; uploads and outbox live beside it. */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** The public base URL used in mails and QR codes; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Extra host → platform pairs: `shop.example.vn=foodmap,trace.example.vn=dtrack`. */
  PLATFORM_HOSTS: z
    .string()
    .default('')
    .transform((s, ctx) => {
      const out: Record<string, PlatformKey> = {};
      for (const pair of s.split(',').map((p) => p.trim()).filter(Boolean)) {
        const [host, key] = pair.split('=');
        if (!host || !(PLATFORM_KEYS as readonly string[]).includes(key ?? '')) {
          ctx.addIssue({ code: 'custom', message: `bad pair "${pair}" (want host=dtrack|agrihub|foodmap)` });
          continue;
        }
        out[host.toLowerCase()] = key as PlatformKey;
      }
      return out;
    }),
  DEFAULT_PLATFORM: z.enum(PLATFORM_KEYS).default(DEFAULT_PLATFORM),
  SMTP_URL: z.string().optional(),
  /** Each platform's sender, `Name <address>` or `address` (default: the platform's name, no-reply@ its host). */
  MAIL_FROM_DTRACK: mailFromValue.optional(),
  MAIL_FROM_AGRIHUB: mailFromValue.optional(),
  MAIL_FROM_FOODMAP: mailFromValue.optional(),
  /** Replaced by MAIL_FROM_<PLATFORM>: one sender for every platform made DTrack's mails come from "AgriHub". */
  MAIL_FROM: z
    .never({ error: 'replaced by MAIL_FROM_DTRACK, MAIL_FROM_AGRIHUB and MAIL_FROM_FOODMAP (one sender per platform)' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app served at /; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Seed demo data on first start of an empty database. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOGIN_RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(20),
  FORGOT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  REGISTRATION_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /**
   * Public lookups (trace, product page, Digital Links) per client per minute; one that finds
   * nothing counts 10. 0 turns the limit off.
   */
  PUBLIC_LOOKUP_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).default(1200),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /**
   * Redis shared by every node: the request rate limits, the public lookup limit, the post view
   * budget and the scan de-duplication hold across nodes (ADR 026). Unset: each node keeps its own.
   * `redis://[[user]:password@]host[:port][/db]` or `rediss://` for TLS.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .refine((s) => URL.canParse(s), 'is not a valid URL')
    .optional(),
  /** Put before every Redis key the app writes, so deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('agrihub:'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  uploadDir: string;
  outboxDir: string;
  publicUrl: string;
  /** Who each platform's mails come from (config/mail-senders.ts). */
  mailFrom: Record<PlatformKey, MailSender>;
}

export class ConfigError extends Error {}

/** Validates the environment; a bad variable stops the process with the list of what is wrong. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // Relative to where the command was typed (npm sets INIT_CWD), so `npm start` at the root uses ./data.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    publicUrl,
    mailFrom: mailSenders(
      Object.fromEntries(PLATFORM_KEYS.map((p) => [p, env[MAIL_FROM_VARS[p]]])),
      env.PLATFORM_HOSTS,
      publicUrl,
    ),
  };
}
