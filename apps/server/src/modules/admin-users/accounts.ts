import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { PLATFORMS, effectiveLocale, translate } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { UserRow } from '../../plugins/auth.js';
import { revokeAllSessions } from '../auth/sessions.js';

/** How long a set-password link from the back office lives (an invitation, an admin's reset): 3 days. */
export const ADMIN_PASSWORD_LINK_TTL_S = 3 * 24 * 3600;

/**
 * Ends an account's access at once, in the caller's transaction: deactivated (login refused),
 * every session revoked (its next request answers 401) and every unused reset link spent.
 * Returns false when it was already deactivated.
 */
export async function deactivateAccount(tx: Db | Tx, userId: number, now = new Date()): Promise<boolean> {
  const done = await tx
    .update(users)
    .set({ deactivatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .returning({ id: users.id });
  await revokeAllSessions(tx, userId);
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return done.length > 0;
}

/**
 * A one-time link to choose a password, through the reset flow (`/reset?token=…`, POST
 * /api/v1/users/reset_password): an older unused link stops working. Written in the caller's
 * transaction; returns the link.
 */
export async function issuePasswordLink(
  tx: Db | Tx,
  base: string,
  userId: number,
  ttlS = ADMIN_PASSWORD_LINK_TTL_S,
): Promise<string> {
  const token = randomToken();
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return `${base}/reset?token=${token}`;
}

export type AccountMail = 'invite' | 'welcome' | 'admin_reset';

/** Mails `kind` to the account in its own language (the mail server is never waited for). */
export async function mailAccount(
  app: FastifyInstance,
  req: FastifyRequest,
  tx: Db | Tx,
  account: Pick<UserRow, 'email' | 'name' | 'locale'>,
  kind: AccountMail,
  link?: string,
): Promise<void> {
  const platform = req.platform;
  const locale = effectiveLocale(platform, account.locale);
  const params = {
    name: account.name,
    email: account.email,
    platform: PLATFORMS[platform].name,
    hours: Math.round(ADMIN_PASSWORD_LINK_TTL_S / 3600),
    link: link ?? '',
    login: `${publicBaseUrl(req, app.config)}/login`,
  };
  await app.sendMail(
    {
      platform,
      to: account.email,
      subject: translate(locale, `${kind}_mail_subject`, params),
      text: translate(locale, `${kind}_mail_body`, params),
    },
    tx,
  );
}
