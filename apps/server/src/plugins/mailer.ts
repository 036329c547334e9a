import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { DEFAULT_PLATFORM, PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import type { Db, Tx } from '../db/client.js';
import { mailQueue } from '../db/schema/index.js';

export interface Mail {
  /** The platform the mail speaks for: it comes from that platform's sender (MAIL_FROM_<PLATFORM>). */
  platform: PlatformKey;
  to: string;
  /** Where answers go when not to the no-reply sender (e.g. the platform's contact e-mail). */
  replyTo?: string | null;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the mail is then multipart/alternative: clients show one of them). */
  html?: string;
  /** Files sent with the mail (multipart/mixed), e.g. an approved purchase order's PDF. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** How a queued mail keeps its files (mail_queue.attachments), and back. */
const storedAttachments = (files: MailAttachment[] | undefined) =>
  files?.length
    ? files.map((f) => ({ filename: f.filename, contentType: f.contentType, base64: f.content.toString('base64') }))
    : null;
const sentAttachments = (files: { filename: string; contentType: string; base64: string }[] | null) =>
  files?.length
    ? {
        attachments: files.map((f) => ({
          filename: f.filename,
          contentType: f.contentType,
          content: Buffer.from(f.base64, 'base64'),
        })),
      }
    : {};

export interface MailQueue {
  /** Starts delivering due mails now, in the background (after a transaction that queued one commits). */
  kick(): void;
  /** Delivers every due mail now and resolves when none is left in flight (tests, shutdown). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Accepts a mail for delivery without waiting for a mail server. With SMTP_URL it is written
     * to the mail_queue table (in `db`, e.g. the transaction that made the reset token) and sent
     * in the background with retries; without, it is written to DATA_DIR/outbox at once.
     * Queued inside a transaction, call `mailQueue.kick()` once it has committed (else the
     * mail waits for the next poll, at most 30 s).
     */
    sendMail(mail: Mail, db?: Db | Tx): Promise<void>;
    mailQueue: MailQueue;
  }
}

/** A mail is tried this many times (about a day and a half of backoff) before it is given up. */
export const MAIL_MAX_ATTEMPTS = 10;
const BATCH = 10;
/** A claimed mail is not claimed again for this long (a worker that died mid-send is retried). */
const CLAIM_LEASE_S = 15 * 60;
const POLL_MS = 30_000;
/** 30 s, 1 min, 2 min … at most 4 h between attempts. */
export const retryDelayS = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 4 * 3600);
/** How long close() waits for a send in flight (the mail stays queued if it does not finish). */
const CLOSE_GRACE_MS = 5_000;

/**
 * Mails go through SMTP_URL via the durable mail_queue, so a request never waits for the mail
 * server and a mail is not lost when the server is down or the process stops; without SMTP_URL
 * they are written to DATA_DIR/outbox as .eml files and logged (without their body).
 */
export default fp(async function mailer(app) {
  const { SMTP_URL, mailFrom, outboxDir } = app.config;
  /** The sender of `platform` (a queued row from before platforms were kept: the default platform's). */
  const senderOf = (platform: string | null) =>
    mailFrom[
      (PLATFORM_KEYS as readonly string[]).includes(platform ?? '') ? (platform as PlatformKey) : DEFAULT_PLATFORM
    ];

  if (!SMTP_URL) {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    app.decorate('sendMail', async (mail: Mail) => {
      const { platform, replyTo, ...content } = mail;
      const info = await transport.sendMail({
        from: senderOf(platform),
        ...(replyTo ? { replyTo } : {}),
        ...content,
      });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      app.log.info({ platform, to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    });
    app.decorate('mailQueue', { kick: () => {}, drain: async () => {} });
    return;
  }

  const transport = nodemailer.createTransport(SMTP_URL);
  let closing = false;
  let running: Promise<void> | null = null;
  let again = false;

  /** Claims due mails (SKIP LOCKED: several API nodes share the queue) and pushes the lease forward. */
  async function claim() {
    const due = app.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(isNull(mailQueue.failedAt), lte(mailQueue.nextAttemptAt, sql`now()`)))
      .orderBy(mailQueue.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return app.db
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: sql`now() + ${CLAIM_LEASE_S}::int * interval '1 second'`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  async function deliver(row: typeof mailQueue.$inferSelect) {
    try {
      await transport.sendMail({
        from: senderOf(row.platform),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        to: row.toAddress,
        subject: row.subject,
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        ...sentAttachments(row.attachments),
      });
      // Sent: nothing to keep (the body may hold a reset link).
      await app.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
      app.log.info({ to: row.toAddress, subject: row.subject, attempts: row.attempts }, 'mail sent');
    } catch (err) {
      const lastError = String((err as Error).message ?? err).slice(0, 500);
      if (row.attempts >= MAIL_MAX_ATTEMPTS) {
        await app.db
          .update(mailQueue)
          .set({ failedAt: new Date(), lastError, body: '', html: null, attachments: null })
          .where(eq(mailQueue.id, row.id));
        app.log.error({ to: row.toAddress, subject: row.subject, attempts: row.attempts, err }, 'mail given up');
      } else {
        await app.db
          .update(mailQueue)
          .set({ lastError, nextAttemptAt: sql`now() + ${retryDelayS(row.attempts)}::int * interval '1 second'` })
          .where(eq(mailQueue.id, row.id));
        app.log.warn(
          { to: row.toAddress, subject: row.subject, attempts: row.attempts, err },
          'mail not sent, will retry',
        );
      }
    }
  }

  async function work() {
    do {
      again = false;
      for (let batch = await claim(); batch.length && !closing; batch = await claim()) {
        for (const row of batch) {
          if (closing) break; // the rest stays queued (its lease ends) for the next start
          await deliver(row);
        }
      }
    } while (again && !closing);
  }

  /** Runs the worker now (or once more after the current run). */
  function kick(): Promise<void> {
    // Closed: nothing may touch the database any more (it is closed, or dropped in tests, next).
    if (closing) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = work()
      .catch((err: unknown) => app.log.error({ err }, 'mail queue worker failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  app.decorate('sendMail', async (mail: Mail, db: Db | Tx = app.db) => {
    await db.insert(mailQueue).values({
      platform: mail.platform,
      replyTo: mail.replyTo ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html ?? null,
      attachments: storedAttachments(mail.attachments),
    });
    app.log.info({ platform: mail.platform, to: mail.to, subject: mail.subject }, 'mail queued');
    // After the current request (and its transaction) is done: never in the request's time.
    setImmediate(() => void kick());
  });
  app.decorate('mailQueue', {
    kick: () => void kick(),
    async drain() {
      await kick();
      while (running) await running;
    },
  });

  // Retries, and mails left by a process that stopped before sending them.
  const timer = setInterval(() => void kick(), POLL_MS);
  timer.unref();
  app.addHook('onReady', async () => void kick());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    if (running) await Promise.race([running, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
    transport.close();
  });
});
