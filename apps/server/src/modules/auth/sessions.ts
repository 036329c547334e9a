import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type TokenResponse } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/secrets.js';

/**
 * Opens a session: random access and refresh tokens, stored hashed, with absolute lifetimes.
 * A login starts a new family; a refresh passes the family of the session it rotates.
 */
export async function openSession(
  db: Db | Tx,
  userId: number,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const access = randomToken();
  const refresh = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    userId,
    accessTokenHash: sha256(access),
    refreshTokenHash: sha256(refresh),
    familyId,
    accessExpiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000),
    refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    created_at: Math.floor(now / 1000),
  };
}

export async function revokeSession(db: Db | Tx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session born of the same login (a replayed refresh token). */
export async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user (password change, password reset). */
export async function revokeAllSessions(db: Db | Tx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
