import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/smtp.js';

/** With SMTP_URL, a notification mail goes through the durable queue with both its parts. */
let t: TestApp;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('notification mails through SMTP', () => {
  it('are sent as multipart/alternative: plain text and HTML', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap', locale: 'en' });
    const received = smtp.nextMail();
    t.app.events.publish([
      { type: 'producer.closed', platform: 'foodmap', producerId: u.producerId!, actorId: 1, reason: 'Fake licence' },
    ]);
    await t.app.events.drain();
    await t.app.mailQueue.drain();
    const mail = await received;
    expect(mail.to).toEqual([`<${u.user.email}>`]);
    expect(mail.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.data).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail.data).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(mail.data).toContain('Reason: Fake licence');
    // Quoted-printable: soft line breaks joined, `=3D` is `=`.
    const html = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain('<a href="http://foodmap.localhost:3000/account-setup"');
  });
});
