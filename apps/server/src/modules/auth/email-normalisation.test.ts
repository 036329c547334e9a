import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeStoredEmails } from '../../db/emails-nfkc.js';
import { users } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { TEST_PASSWORD, buildUser, type Built } from '../../../test/factories.js';
import { readOutbox } from '../../../test/outbox.js';

/**
 * E-mail addresses are compared after Unicode NFKC normalisation (ADR 035): `ｐroducer@agrihub.demo`
 * (a full-width p) is the account `producer@agrihub.demo`, never a second one beside it.
 */
const EMAIL = 'producer@agrihub.demo';
const FULL_WIDTH = '\uff50roducer@agrihub.demo'; // ｐroducer@agrihub.demo

let t: TestApp;
let owner: Built;
let admin: Built;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.db, { platform: 'agrihub', email: EMAIL });
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
});
afterAll(() => t.close());

const accountsNamed = () =>
  t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platform, 'agrihub'), inArray(users.email, [EMAIL, FULL_WIDTH])));

describe('an e-mail with full-width letters is the same address', () => {
  it('signing up with ｐroducer@agrihub.demo finds the existing account (409), and makes no second one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: { platform: 'agrihub', locale: 'vi' },
      payload: {
        email: FULL_WIDTH,
        password: 'Dangky@1',
        name: 'Người giả danh',
        producer: { name: 'HTX Giả danh', producer_type: 'cooperative' },
      },
      remoteAddress: `10.70.0.${++ip}`,
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({ code: 'email_taken', message: 'Email này đã được đăng ký.' });
    expect(await accountsNamed()).toEqual([{ id: owner.user.id }]);
  });

  it('logging in with ｐroducer@agrihub.demo (and upper case, spaces) signs in the existing account', async () => {
    for (const username of [FULL_WIDTH, ` \uff30RODUCER@AGRIHUB.DEMO `]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { platform: 'agrihub', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username, password: TEST_PASSWORD }).toString(),
        remoteAddress: `10.70.1.${++ip}`,
      });
      expect(res.statusCode).toBe(200);
      const whoami = await t.app.inject({
        url: '/api/v1/users/whoami',
        headers: { platform: 'agrihub', authorization: `Bearer ${json(res).access_token}` },
      });
      expect(json(whoami).data.user).toMatchObject({ id: owner.user.id, email: EMAIL });
    }
  });

  it('forgot password with ｐroducer@agrihub.demo mails the existing account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot_password',
      headers: { platform: 'agrihub', locale: 'vi' },
      payload: { email: FULL_WIDTH },
      remoteAddress: `10.70.2.${++ip}`,
    });
    expect(res.statusCode).toBe(200);
    await t.app.events.drain();
    expect(readOutbox(t.config.outboxDir).filter((m) => m.to === EMAIL)).toHaveLength(1);
  });

  it('an administrator creating ｐroducer@agrihub.demo is told the address is taken', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: as(admin),
      payload: { kind: 'staff', email: FULL_WIDTH, name: 'Nhân viên', roles: ['customer_support'] },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).meta.code).toBe('email_taken');
    expect(await accountsNamed()).toEqual([{ id: owner.user.id }]);
  });
});

describe('the data step at migrate', () => {
  it('normalises a stored address, and leaves and reports two accounts that would collide', async () => {
    // Stored before the rule (as an older sign-up could): written past the API.
    const lone = await buildUser(t.db, { platform: 'dtrack', email: 'ｌan.nguyễn@example.vn' });
    const first = await buildUser(t.db, { platform: 'dtrack', email: 'ｈoa@example.vn' });
    const second = await buildUser(t.db, { platform: 'dtrack', email: 'ＨOA@example.vn' });
    const kept = await buildUser(t.db, { platform: 'dtrack', email: 'minh@example.vn' });
    const shadow = await buildUser(t.db, { platform: 'dtrack', email: 'ｍinh@example.vn' });
    // The same address on another platform is another account: no collision.
    const elsewhere = await buildUser(t.db, { platform: 'foodmap', email: 'ｍinh@example.vn' });

    const warnings: string[] = [];
    const { changed, collisions } = await normalizeStoredEmails(t.db, (m) => warnings.push(m));
    expect(changed).toBe(2);
    expect(collisions.map((c) => c.id).sort((a, b) => a - b)).toEqual([first.user.id, second.user.id, shadow.user.id]);
    expect(warnings.join('\n')).toContain(
      `Account ${shadow.user.id} (dtrack): its e-mail ｍinh@example.vn is minh@example.vn`,
    );

    const emailOf = async (id: number) =>
      (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
    expect(await emailOf(lone.user.id)).toBe('lan.nguyễn@example.vn');
    expect(await emailOf(first.user.id)).toBe('ｈoa@example.vn');
    expect(await emailOf(second.user.id)).toBe('ＨOA@example.vn');
    expect(await emailOf(kept.user.id)).toBe('minh@example.vn');
    expect(await emailOf(shadow.user.id)).toBe('ｍinh@example.vn');
    expect(await emailOf(elsewhere.user.id)).toBe('minh@example.vn');

    // Every migrate runs it: nothing more changes, the collisions are reported again.
    expect((await normalizeStoredEmails(t.db, () => {})).changed).toBe(0);
    await t.database.migrate();
    expect(await emailOf(shadow.user.id)).toBe('ｍinh@example.vn');
  });
});
