import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { DEFAULT_PLATFORM, PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import { DEFAULT_HOST } from './listen.js';
import { REPO_ROOT } from './paths.js';
import { MAIL_FROM_VARS, mailFromValue, mailSenders, type MailSender } from './mail-senders.js';

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
      for (const pair of s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
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
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
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
  /** Uploads go to this S3 bucket (an S3-compatible store) instead of DATA_DIR/uploads when set. */
  S3_BUCKET: z.string().trim().min(3).optional(),
  /** The store's address; AWS S3 itself when unset. */
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]/, 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true`: the bucket goes in the path (http://host/bucket/key), as most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
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

/** The S3_* variables: read into `Config.s3`, never kept raw in the configuration (the secret among them). */
const S3_VARS = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
/** What an S3 bucket needs besides its name (credentials from nowhere else: an incomplete setup stops the start). */
const S3_REQUIRED = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Where uploads are stored when S3_BUCKET is set. The secret key is a private field read through
 * a getter: it is in no JSON, log line or `console.log` of the configuration.
 */
export class S3Settings {
  readonly #secretAccessKey: string;
  constructor(
    readonly bucket: string,
    readonly region: string,
    readonly endpoint: string | undefined,
    readonly forcePathStyle: boolean,
    readonly accessKeyId: string,
    secretAccessKey: string,
  ) {
    this.#secretAccessKey = secretAccessKey;
  }
  get secretAccessKey(): string {
    return this.#secretAccessKey;
  }
  toJSON() {
    const { bucket, region, endpoint, forcePathStyle, accessKeyId } = this;
    return { bucket, region, endpoint, forcePathStyle, accessKeyId, secretAccessKey: '[redacted]' };
  }
  [inspect.custom]() {
    return `S3Settings ${JSON.stringify(this.toJSON())}`;
  }
}

/** Incomplete S3 settings: a bucket without its region or keys, or S3 variables without a bucket. */
function s3Issues(env: Record<string, string | undefined>): string[] {
  if (env.S3_BUCKET === undefined) {
    const set = S3_VARS.filter((v) => env[v] !== undefined);
    return set.length ? [`S3_BUCKET: required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`] : [];
  }
  return S3_REQUIRED.filter((v) => env[v] === undefined || !env[v]?.trim()).map(
    (v) => `${v}: required when S3_BUCKET is set`,
  );
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, (typeof S3_VARS)[number]> {
  dataDir: string;
  /** Uploads live in this S3 bucket when set, else in uploadDir. */
  s3: S3Settings | null;
  uploadDir: string;
  outboxDir: string;
  publicUrl: string;
  /** Who each platform's mails come from (config/mail-senders.ts). */
  mailFrom: Record<PlatformKey, MailSender>;
}

export class ConfigError extends Error {}

/** Validates the environment; a bad variable stops the process with the list of what is wrong. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(set);
  // The messages name variables and rules, never a value (S3_SECRET_ACCESS_KEY among them).
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...s3Issues(set),
  ];
  if (!parsed.success || issues.length) {
    throw new ConfigError(`Invalid environment:\n${issues.map((line) => `  - ${line}`).join('\n')}`);
  }
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, ...env } =
    parsed.data;
  const s3 = S3_BUCKET
    ? new S3Settings(
        S3_BUCKET,
        S3_REGION!,
        S3_ENDPOINT?.replace(/\/+$/, ''),
        S3_FORCE_PATH_STYLE === 'true',
        S3_ACCESS_KEY_ID!,
        S3_SECRET_ACCESS_KEY!,
      )
    : null;
  // Relative to where the command was typed (npm sets INIT_CWD), so `npm start` at the root uses ./data.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    s3,
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
