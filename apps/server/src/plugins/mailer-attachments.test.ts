import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailQueue } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { readOutbox } from '../../test/outbox.js';
import { startFakeSmtp, type FakeSmtp } from '../../test/smtp.js';

/** A mail may carry files (an approved purchase order's PDF): in the outbox and through the SMTP queue. */
const file = {
  filename: 'Đơn đặt hàng PO-2026-000001.pdf',
  contentType: 'application/pdf',
  content: Buffer.from('%PDF-1.7\n\u0001\u00ff'),
};
const mail = { platform: 'dtrack' as const, to: 'ncc@example.vn', subject: 'Đơn đặt hàng', text: 'Xin gửi đơn đặt hàng.', attachments: [file] };

describe('mail attachments', () => {
  describe('without SMTP (outbox)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('are written as multipart/mixed with the file intact', async () => {
      await t.app.sendMail(mail);
      const [m] = readOutbox(t.config.outboxDir);
      expect(m.text).toBe('Xin gửi đơn đặt hàng.');
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0]).toMatchObject({ filename: file.filename, contentType: 'application/pdf' });
      expect(m.attachments[0].content.equals(file.content)).toBe(true);
    });
  });

  describe('through SMTP (queue)', () => {
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

    it('are kept in the queue and sent with the mail, then the row goes', async () => {
      const received = smtp.nextMail();
      await t.app.sendMail(mail);
      const [queued] = await t.db.select().from(mailQueue);
      expect(queued.attachments).toEqual([
        { filename: file.filename, contentType: 'application/pdf', base64: file.content.toString('base64') },
      ]);
      await t.app.mailQueue.drain();
      const sent = await received;
      expect(sent.data).toMatch(/Content-Type: multipart\/mixed/);
      expect(sent.data).toMatch(/Content-Type: application\/pdf/);
      expect(sent.data).toContain(file.content.toString('base64'));
      expect(await t.db.select().from(mailQueue).where(eq(mailQueue.id, queued.id))).toEqual([]);
    });
  });
});
