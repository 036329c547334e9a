import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  clearKey,
  clearSubject,
  countFailure,
  failuresInWindow,
  lockedKeys,
  minutesLeft,
  type AttemptRule,
} from '../../lib/attempts.js';

/**
 * Login throttling (ADR 0009). Failures are counted by the name typed, whether or not an account
 * has it, so known and unknown accounts answer alike:
 * - the failing source, (account, IP): 10 failures in 15 minutes lock that pair for 10 minutes;
 * - the IP, whatever names it tries: 50 failures in 15 minutes lock the IP for 15 minutes;
 * - the account, from everywhere: never locked (ten anonymous requests must not lock an
 *   administrator out); past 50 failures in 15 minutes every attempt on it waits a second.
 */
export const LOGIN_RULES = {
  pair: { windowS: 15 * 60, max: MAX_FAILED_LOGINS, lockS: LOCKOUT_MINUTES * 60 },
  ip: { windowS: 15 * 60, max: 50, lockS: 15 * 60 },
  account: { windowS: 15 * 60, max: 50, lockS: 0 },
} satisfies Record<string, AttemptRule>;

/** How long an attempt on an account under a distributed attack waits before it is checked. */
export const ACCOUNT_SLOWDOWN_MS = 1000;

export interface LoginSource {
  platform: string;
  /** The name typed (normalised by the contract's schema). */
  username: string;
  ip: string;
}

const subjectOf = (s: LoginSource) => `${s.platform}:${s.username}`;
export const loginKeys = (s: LoginSource) => ({
  pair: `login:pair:${subjectOf(s)}:${s.ip}`,
  ip: `login:ip:${s.ip}`,
  account: `login:account:${subjectOf(s)}`,
});

export type LoginGate = { locked: true; minutes: number } | { locked: false; slowdownMs: number };

/** Before the password is checked: is this source locked, and is the account being hammered? */
export async function checkLogin(db: Db, source: LoginSource): Promise<LoginGate> {
  const keys = loginKeys(source);
  const locks = await lockedKeys(db, [keys.pair, keys.ip]);
  if (locks.length) return { locked: true, minutes: minutesLeft(locks) };
  const accountFailures = await failuresInWindow(db, keys.account, LOGIN_RULES.account);
  return { locked: false, slowdownMs: accountFailures >= LOGIN_RULES.account.max ? ACCOUNT_SLOWDOWN_MS : 0 };
}

/** After a wrong password (or unknown name): counts it for the pair, the IP and the account. */
export async function recordLoginFailure(db: Db, source: LoginSource): Promise<LoginGate> {
  const keys = loginKeys(source);
  const subject = subjectOf(source);
  const pair = await countFailure(db, keys.pair, subject, LOGIN_RULES.pair);
  const ip = await countFailure(db, keys.ip, null, LOGIN_RULES.ip);
  await countFailure(db, keys.account, subject, LOGIN_RULES.account);
  const locks = [pair, ip].filter((c) => c.lockedUntil && c.lockedUntil.getTime() > Date.now());
  return locks.length ? { locked: true, minutes: minutesLeft(locks) } : { locked: false, slowdownMs: 0 };
}

/** A right password ends the pair's count (the IP's and the account's stay: others may be failing). */
export async function recordLoginSuccess(db: Db, source: LoginSource): Promise<void> {
  await clearKey(db, loginKeys(source).pair);
}

/** A password reset or change forgets every login failure counted against the account. */
export async function clearLoginFailures(db: Db | Tx, platform: string, email: string): Promise<void> {
  await clearSubject(db, subjectOf({ platform, username: email, ip: '' }));
}
