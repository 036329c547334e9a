import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailQueue } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/smtp.js';

/** With SMTP_URL: the answer never waits for the mail server; the mail is queued first, then sent. */
let t: TestApp;
let smtp: FakeSmtp;
let ip = 0;
beforeAll(async () => {
  // A mail server on 127.0.0.1 that accepts connections and says nothing until released.
  smtp = await startFakeSmtp({ hold: true });
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  smtp.release();
  await t.close();
  await smtp.close();
});

const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot_password',
    headers: { platform: 'dtrack', locale: 'vi' },
    payload: { email },
    remoteAddress: `10.60.0.${++ip}`,
  });
const queued = (to: string) => t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to));

describe('forgot_password with an SMTP server', () => {
  it('answers while the mail server has not even greeted, the same as for an unknown address; the mail is sent afterwards', async () => {
    const u = await buildUser(t.db);
    const known = await forgot(u.user.email);
    const unknown = await forgot('nobody-at-all@example.vn');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    // The answer is here; the link and its mail are written right after it (ADR 035), and the
    // mail's delivery is stuck on the silent server.
    await t.app.events.drain();
    await smtp.connected();
    expect(smtp.received).toHaveLength(0);
    const [row] = await queued(u.user.email);
    expect(row).toMatchObject({ subject: '[DTrack] Đặt lại mật khẩu', failedAt: null });
    expect(row.body).toMatch(/\/reset\?token=/);
    expect(await queued('nobody-at-all@example.vn')).toEqual([]);

    // The server answers: the mail is delivered and leaves the queue.
    const delivered = smtp.nextMail();
    smtp.release();
    const mail = await delivered;
    expect(mail.to).toEqual([`<${u.user.email}>`]);
    expect(mail.data).toContain('reset?token=');
    await t.app.mailQueue.drain();
    expect(await queued(u.user.email)).toEqual([]);
  });

  it('keeps a mail the server refused and sends it on a later attempt', async () => {
    const u = await buildUser(t.db);
    smtp.refuseNext(1);
    expect((await forgot(u.user.email)).statusCode).toBe(200);
    await t.app.events.drain();
    await t.app.mailQueue.drain();
    const [failed] = await queued(u.user.email);
    expect(failed).toMatchObject({ attempts: 1, failedAt: null });
    expect(failed.lastError).toMatch(/421/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.received.filter((m) => m.to.includes(`<${u.user.email}>`))).toHaveLength(0);

    // The retry is due (as the 30-second poll would find it).
    await t.db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.id, failed.id));
    const delivered = smtp.nextMail();
    await t.app.mailQueue.drain();
    expect((await delivered).to).toEqual([`<${u.user.email}>`]);
    expect(await queued(u.user.email)).toEqual([]);
    expect(json(await forgot('nobody-at-all@example.vn')).meta.message).toBe(
      'Nếu email tồn tại, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu.',
    );
  });
});
