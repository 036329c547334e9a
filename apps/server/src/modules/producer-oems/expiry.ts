import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  allows,
  CERTIFICATE_NOTICE_DAYS,
  daysUntil,
  isAdministrator,
  PLATFORM_KEYS,
  PLATFORMS,
  todayInVietnam,
  type PlatformKey,
} from '@agrihub/contract';
import { producerOems, users, type OemCertificate } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { deliver } from '../notifications/deliver.js';

/** How often the certificates are checked (the notice is per day; an hour is early enough). */
export const EXPIRY_CHECK_INTERVAL_MS = 3_600_000;

/** `YYYY-MM-DD` as Vietnamese read it: `DD/MM/YYYY`. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** One certificate whose notice was just marked sent. */
export interface ExpiryNotice {
  platform: PlatformKey;
  oemId: number;
  oemName: string;
  certificate: OemCertificate;
  daysLeft: number;
}

/** A certificate due for its notice on `today`: ends within CERTIFICATE_NOTICE_DAYS, not past, not yet told for this date. */
function isDue(c: OemCertificate, today: string): boolean {
  if (!c.valid_until || c.expiry_notified_for === c.valid_until) return false;
  const left = daysUntil(c.valid_until, today);
  return left >= 0 && left <= CERTIFICATE_NOTICE_DAYS;
}

/**
 * Marks the certificates of active OEMs (platforms with OEMs) that expire within
 * CERTIFICATE_NOTICE_DAYS of `now` (Vietnam's day) as told (`expiry_notified_for` = their date), with
 * one history row each, in one transaction; rows another node is marking are skipped (SKIP LOCKED),
 * so each certificate is told once whatever the number of nodes. Returns what was marked; the
 * caller tells the staff after the commit.
 */
export async function markDueCertificates(app: FastifyInstance, now: Date = new Date()): Promise<ExpiryNotice[]> {
  const platforms = PLATFORM_KEYS.filter((p) => PLATFORMS[p].features.oems);
  if (!platforms.length) return [];
  const today = todayInVietnam(now);
  const until = addDays(today, CERTIFICATE_NOTICE_DAYS);
  return app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(producerOems)
      .where(
        and(
          inArray(producerOems.platform, platforms),
          eq(producerOems.active, true),
          sql`exists (select 1 from jsonb_array_elements(${producerOems.certificates}) as c
            where c->>'valid_until' between ${today} and ${until}
              and c->>'valid_until' is distinct from c->>'expiry_notified_for')`,
        ),
      )
      .for('update', { skipLocked: true });
    const notices: ExpiryNotice[] = [];
    for (const row of rows) {
      const due = row.certificates.map((c) => isDue(c, today));
      if (!due.some(Boolean)) continue;
      const certificates = row.certificates.map((c, i) => (due[i] ? { ...c, expiry_notified_for: c.valid_until } : c));
      // updated_at is left alone: the notice is not an edit of the OEM.
      await tx.update(producerOems).set({ certificates }).where(eq(producerOems.id, row.id));
      for (const [i, c] of row.certificates.entries()) {
        if (!due[i]) continue;
        const daysLeft = daysUntil(c.valid_until!, today);
        notices.push({
          platform: row.platform as PlatformKey,
          oemId: row.id,
          oemName: row.name,
          certificate: c,
          daysLeft,
        });
        await recordActivity(tx, {
          subjectType: 'producer_oem',
          subjectId: row.id,
          platform: row.platform,
          actorId: null,
          action: 'certificate_notice',
          diff: {
            certificate: c.name,
            number: c.number,
            valid_until: c.valid_until,
            days_left: daysLeft,
            // What the history panel shows beside the action (web activity-text: detail.subject).
            subject: [c.name, c.number, dmy(c.valid_until!)].filter(Boolean).join(' · '),
          },
        });
      }
    }
    return notices;
  });
}

/** The platform's administrators who may read OEMs (role admin, or the ability), still active. */
async function staffReadingOems(app: FastifyInstance, platform: PlatformKey) {
  const staff = await app.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      locale: users.locale,
      roles: users.roles,
      abilities: users.abilities,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.platform, platform), sql`cardinality(${users.roles}) > 0`));
  return staff
    .filter((u) => !u.deactivatedAt && isAdministrator(u) && allows(u, 'read', 'producer_oem'))
    .map(({ id, name, email, locale }) => ({ id, name, email, locale }));
}

/** In-app and mail, through the notifications module, for each certificate marked (each recipient in its language). */
export async function tellExpiring(app: FastifyInstance, notices: ExpiryNotice[]): Promise<void> {
  const recipients = new Map<PlatformKey, Awaited<ReturnType<typeof staffReadingOems>>>();
  for (const n of notices) {
    if (!recipients.has(n.platform)) recipients.set(n.platform, await staffReadingOems(app, n.platform));
    const { certificate: c } = n;
    await deliver(app, recipients.get(n.platform)!, {
      platform: n.platform,
      type: 'producer_oem.certificate_expiring',
      params: {
        oem: n.oemName,
        certificate: c.name,
        number_vi: c.number ? ` (số ${c.number})` : '',
        number_en: c.number ? ` (no. ${c.number})` : '',
        valid_until: dmy(c.valid_until!),
        days: String(n.daysLeft),
      },
      link: `/admin/oems/${n.oemId}`,
    });
  }
}

/** One run: mark what is due, then tell. Returns the notices sent. */
export async function notifyExpiringCertificates(app: FastifyInstance, now: Date = new Date()) {
  const notices = await markDueCertificates(app, now);
  await tellExpiring(app, notices);
  return notices;
}

export interface OemExpiryJob {
  /** Starts the timer (the app does on ready, except in tests). */
  start(): void;
  /** One run now at `now` (waits for a run in progress first). */
  runOnce(now?: Date): Promise<ExpiryNotice[]>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the staff of certificates expiring in 30 days, every EXPIRY_CHECK_INTERVAL_MS (see notifyExpiringCertificates). */
    oemCertificateExpiry: OemExpiryJob;
  }
}

/**
 * The certificate expiry job, registered like the scheduled-post publisher: started when the app is
 * ready (not under NODE_ENV=test, where a test calls `runOnce(now)` with its own clock), stopped,
 * waiting for a run in progress, when the app closes.
 */
export default fp(
  async function oemCertificateExpiry(app: FastifyInstance) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<ExpiryNotice[]> | null = null;
    let closing = false;

    const run = (now?: Date): Promise<ExpiryNotice[]> => {
      if (closing) return Promise.resolve([]);
      running ??= notifyExpiringCertificates(app, now)
        .catch((err: unknown) => {
          app.log.error({ err }, 'OEM certificate expiry notices failed; retried on the next run');
          return [] as ExpiryNotice[];
        })
        .finally(() => {
          running = null;
        });
      return running;
    };

    const job: OemExpiryJob = {
      start() {
        if (timer || closing) return;
        timer = setInterval(() => void run(), EXPIRY_CHECK_INTERVAL_MS);
        timer.unref();
        void run();
      },
      async runOnce(now) {
        if (running) await running;
        return run(now);
      },
      async stop() {
        closing = true;
        if (timer) clearInterval(timer);
        timer = null;
        if (running) await running;
      },
    };
    app.decorate('oemCertificateExpiry', job);
    app.addHook('onReady', async () => {
      if (app.config.NODE_ENV !== 'test') job.start();
    });
    app.addHook('onClose', async () => job.stop());
  },
  { name: 'oem-certificate-expiry' },
);
