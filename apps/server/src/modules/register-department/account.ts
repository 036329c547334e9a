import { and, eq } from 'drizzle-orm';
import { effectiveLocale, type Locale, type PlatformKey, type RegisterDepartmentFields } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { passwordResets, producers, users } from '../../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../../lib/secrets.js';

/** How long the "choose your password" link of an account made by a registration lives. */
export const ACCOUNT_SETUP_TTL_HOURS = 72;

export type Applicant =
  /** A new pending producer and its account; `setupToken` opens /reset to choose a password. */
  | { kind: 'created'; userId: number; producerId: number; name: string; locale: Locale; setupToken: string }
  /** The e-mail's producer account: the request is attached to its producer, the account is left as it is. */
  | { kind: 'existing'; userId: number; producerId: number; name: string; locale: Locale }
  /** The e-mail belongs to a staff account or one without a producer: nothing is attached to it. */
  | { kind: 'unusable'; userId: number; name: string; locale: Locale };

/**
 * The producer a department registration belongs to, by the form's e-mail on this platform. A
 * visitor without an account gets a pending producer (the form's business data) and an account
 * with no usable password: it chooses one through a single-use link (the password-reset table),
 * so no password ever travels in a mail.
 */
export async function findOrCreateApplicant(
  tx: Tx,
  platform: PlatformKey,
  form: RegisterDepartmentFields,
  requestLocale: Locale,
): Promise<Applicant> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, form.email)))
    .limit(1);
  if (user) {
    const locale = effectiveLocale(platform, user.locale);
    if (user.producerId && user.roles.length === 0)
      return { kind: 'existing', userId: user.id, producerId: user.producerId, name: user.name, locale };
    return { kind: 'unusable', userId: user.id, name: user.name, locale };
  }

  const locale = effectiveLocale(platform, form.locale ?? requestLocale);
  const [producer] = await tx
    .insert(producers)
    .values({
      platform,
      name: form.business_name,
      producerType: form.producer_type,
      status: 'pending',
      taxCode: form.tax_code,
      representative: form.representative,
      phone: form.phone,
      email: form.email,
      provinceCode: form.province_code,
      address: form.address ?? null,
    })
    .returning({ id: producers.id });
  const [created] = await tx
    .insert(users)
    .values({
      platform,
      email: form.email,
      name: form.representative,
      phone: form.phone,
      // Nobody knows this password: the account's owner sets one through the mailed link.
      passwordHash: await hashPassword(randomToken()),
      producerId: producer.id,
      locale,
    })
    .returning({ id: users.id });
  const setupToken = randomToken();
  await tx.insert(passwordResets).values({
    userId: created.id,
    tokenHash: sha256(setupToken),
    expiresAt: new Date(Date.now() + ACCOUNT_SETUP_TTL_HOURS * 3600 * 1000),
  });
  return { kind: 'created', userId: created.id, producerId: producer.id, name: form.representative, locale, setupToken };
}
