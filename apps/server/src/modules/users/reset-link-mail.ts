import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { PLATFORMS, RESET_TOKEN_TTL_S, effectiveLocale, translate } from '@agrihub/contract';
import { passwordResets, users } from '../../db/schema/index.js';
import type { EventOf } from '../../lib/domain-events.js';
import { randomToken, sha256 } from '../../lib/secrets.js';

/**
 * Writes the reset link asked for by forgot_password and queues its mail, after the answer has gone
 * (ADR 035): the answer does the same work for a known and an unknown address. The account is read
 * again, so one deactivated meanwhile gets no link.
 */
export async function mailResetLink(app: FastifyInstance, e: EventOf<'user.password_reset_requested'>) {
  const token = randomToken();
  await app.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, e.userId), eq(users.platform, e.platform), isNull(users.deactivatedAt)))
      .limit(1);
    if (!user) return;
    // One live link at a time: an older unused link stops working.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
    });
    const locale = effectiveLocale(e.platform, user.locale);
    const params = {
      name: user.name,
      email: user.email,
      platform: PLATFORMS[e.platform].name,
      minutes: Math.round(RESET_TOKEN_TTL_S / 60),
      link: `${e.linkBase}/reset?token=${token}`,
    };
    // The link and its mail are written together (the mail server is never waited for).
    await app.sendMail(
      {
        platform: e.platform,
        to: user.email,
        subject: translate(locale, 'reset_mail_subject', params),
        text: translate(locale, 'reset_mail_body', params),
      },
      tx,
    );
  });
  app.mailQueue.kick();
}
