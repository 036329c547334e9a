import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendMail(mail: Mail): Promise<void>;
  }
}

/**
 * Mails go through SMTP_URL; without one they are written to DATA_DIR/outbox as .eml files
 * and logged (without their body), so nothing is silently lost.
 */
export default fp(async function mailer(app) {
  const { SMTP_URL, MAIL_FROM, outboxDir } = app.config;
  const transport = SMTP_URL
    ? nodemailer.createTransport(SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  app.decorate('sendMail', async (mail: Mail) => {
    const info = await transport.sendMail({ from: MAIL_FROM, ...mail });
    if (SMTP_URL) {
      app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    await fs.mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    app.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
  });
});
