import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import { activity, users } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, TEST_PASSWORD, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildUser, type Built, type BuildUserOptions } from '../../../test/factories.js';
import { readOutbox } from '../../../test/outbox.js';

/**
 * Issue 25 (ADR 032): a user manager acts only on accounts whose roles and abilities are all its
 * own too; attaching an account to a producer and resetting a producer's user's password need role
 * admin. Every act is in the account's history and told to its holder by mail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The reproduction's account: customer support that reads, creates and updates users. */
const MANAGER: BuildUserOptions = {
  roles: ['customer_support'],
  abilities: [
    { action: 'read', subject: 'user' },
    { action: 'create', subject: 'user' },
    { action: 'update', subject: 'user' },
    { action: 'read', subject: 'producer' },
  ],
};
/** The demo's purchasing@: purchase-order abilities the manager lacks. */
const PURCHASING: BuildUserOptions = {
  roles: ['purchasing'],
  abilities: [
    { action: 'read', subject: 'purchase_order' },
    { action: 'create', subject: 'purchase_order' },
    { action: 'update', subject: 'purchase_order' },
  ],
};
/** A peer: the manager's role, with one ability more. */
const PEER: BuildUserOptions = {
  roles: ['customer_support'],
  abilities: [
    { action: 'read', subject: 'producer' },
    { action: 'update', subject: 'producer' },
  ],
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, h: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
let seq = 0;
const email = (name: string) => `${name}-${++seq}@nongsan.vn`;
const staff = (platform: PlatformKey, opts: BuildUserOptions) => buildUser(t.db, { platform, ...opts });

/** The outbox's files now: what a later `mailsTo` leaves out. */
const outboxFiles = () => new Set(readOutbox(t.config.outboxDir).map((m) => m.file));
/** The mails an address received, leaving out the files of `before`. */
const mailsTo = (address: string, before = new Set<string>()) =>
  readOutbox(t.config.outboxDir).filter((m) => m.to === address && !before.has(m.file));
/** One call, and what its events tell done (the mails of each act are written before the next). */
const act = async (method: Method, url: string, h: Record<string, string>, payload?: object) => {
  const res = await call(method, url, h, payload);
  await t.app.events.drain();
  return res;
};
const historyOf = async (userId: number) =>
  (await t.db.select().from(activity).where(and(eq(activity.subjectType, 'user'), eq(activity.subjectId, userId))))
    .map((a) => a.action)
    .sort();
const rowOf = async (u: Built) => (await t.db.select().from(users).where(eq(users.id, u.user.id)))[0];

/** The target's account as it was: the same row, its session still working, no mail, no history. */
async function untouched(target: Built, before: Awaited<ReturnType<typeof rowOf>>, mailsBefore: Set<string>) {
  await t.app.events.drain();
  expect(await rowOf(target)).toEqual(before);
  expect((await call('GET', '/api/v1/users/whoami', as(target))).statusCode).toBe(200);
  expect(mailsTo(target.user.email, mailsBefore)).toEqual([]);
  expect(await historyOf(target.user.id)).toEqual([]);
}

describe('the reproduction: a user manager who is not admin takes over nothing', () => {
  it('cannot create a user attached to a producer (the login would open the producer’s data)', async () => {
    const m = await staff('dtrack', MANAGER);
    const a = await buildProducer(t.db, { platform: 'dtrack', name: 'HTX Chè Mộc Châu' });
    const address = email('chiem');
    const res = await call('POST', '/api/v1/admin/users', as(m), {
      kind: 'producer',
      producer_id: a.id,
      email: address,
      name: 'Kẻ Mạo Danh',
      password: 'Tam@1234',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).meta).toMatchObject({
      code: 'only_admin_creates_producer_user',
      message: 'Chỉ quản trị viên (vai trò admin) mới được tạo tài khoản gắn với một đơn vị sản xuất.',
      errors: [{ field: 'kind' }],
    });
    expect(await t.db.select().from(users).where(eq(users.email, address))).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { ...headers('dtrack'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: address, password: 'Tam@1234' }).toString(),
    });
    expect(login.statusCode).not.toBe(200);
    await t.app.events.drain();
    expect(mailsTo(address)).toEqual([]);
  });

  it('cannot reset the password of purchasing@ (abilities it lacks), nor of a producer’s user', async () => {
    const m = await staff('dtrack', MANAGER);
    const purchasing = await staff('dtrack', PURCHASING);
    const producerUser = await buildUser(t.db, { platform: 'dtrack' });
    for (const [target, code, message] of [
      [
        purchasing,
        'account_above_your_rights',
        'Bạn chỉ được thao tác trên tài khoản mà mọi vai trò và quyền của nó bạn cũng có; tài khoản này có vai trò hoặc quyền bạn không có.',
      ],
      [
        producerUser,
        'only_admin_resets_producer_password',
        'Chỉ quản trị viên (vai trò admin) mới được đặt lại mật khẩu tài khoản của đơn vị sản xuất.',
      ],
    ] as const) {
      const before = await rowOf(target);
      const mails = outboxFiles();
      const res = await call('POST', `/api/v1/admin/users/${target.user.id}/reset-password`, as(m));
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res).meta).toMatchObject({ code, message });
      await untouched(target, before, mails);
    }
  });

  it('cannot deactivate, edit, reactivate or make the folder of a peer with more rights', async () => {
    const m = await staff('dtrack', MANAGER);
    const peer = await staff('dtrack', PEER);
    const before = await rowOf(peer);
    const mails = outboxFiles();
    for (const [method, url, body] of [
      ['DELETE', `/api/v1/admin/users/${peer.user.id}`],
      ['PUT', `/api/v1/admin/users/${peer.user.id}`, { active: false }],
      ['PUT', `/api/v1/admin/users/${peer.user.id}`, { name: 'Đổi tên' }],
      ['PUT', `/api/v1/admin/users/${peer.user.id}`, { abilities: [{ action: 'read', subject: 'producer' }] }],
      ['POST', `/api/v1/admin/users/${peer.user.id}/create-gdrive-folder`],
    ] as const) {
      const res = await call(method, url, as(m), body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(json(res).meta.code).toBe('account_above_your_rights');
    }
    await untouched(peer, before, mails);
    // Deactivated by an admin, the manager cannot bring it back either.
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, peer.user.id));
    const back = await call('POST', `/api/v1/admin/users/${peer.user.id}/reactivate`, as(m));
    expect(json(back).meta.code).toBe('account_above_your_rights');
    expect((await rowOf(peer)).deactivatedAt).not.toBeNull();
  });
});

describe('what stays allowed leaves history and a mail', () => {
  it('role admin does every act, on a producer’s user and on purchasing@', async () => {
    const admin = await staff('dtrack', { roles: ['admin'] });
    const a = await buildProducer(t.db, { platform: 'dtrack' });
    const mails = outboxFiles();
    const created = await act('POST', '/api/v1/admin/users', as(admin), {
      kind: 'producer',
      producer_id: a.id,
      email: email('sx'),
      name: 'Phạm Văn Nam',
    });
    expect(created.statusCode, created.body).toBe(201);
    const producerUser = json(created).data.user as { id: number; email: string };
    const reset = await act('POST', `/api/v1/admin/users/${producerUser.id}/reset-password`, as(admin));
    expect(reset.statusCode, reset.body).toBe(200);
    const purchasing = await staff('dtrack', PURCHASING);
    expect((await act('POST', `/api/v1/admin/users/${purchasing.user.id}/reset-password`, as(admin))).statusCode).toBe(
      200,
    );
    expect((await act('DELETE', `/api/v1/admin/users/${purchasing.user.id}`, as(admin))).statusCode).toBe(200);
    await t.app.events.drain();
    expect(await historyOf(producerUser.id)).toEqual(['create', 'reset_password']);
    expect(await historyOf(purchasing.user.id)).toEqual(['deactivate', 'reset_password']);
    expect(mailsTo(producerUser.email, mails).map((m) => m.subject)).toEqual([
      '[DTrack] Tài khoản của bạn đã được tạo',
      '[DTrack] Mật khẩu của bạn đã được đặt lại',
    ]);
    const toPurchasing = mailsTo(purchasing.user.email, mails);
    expect(toPurchasing.map((m) => m.subject)).toEqual([
      '[DTrack] Mật khẩu của bạn đã được đặt lại',
      expect.stringContaining('Tài khoản của bạn đã bị vô hiệu hóa'),
    ]);
    expect(toPurchasing[1].text).toContain(`${admin.user.name} đã vô hiệu hóa tài khoản ${purchasing.user.email}`);
  });

  it('a manager acts on an account within its own rights; each act is in the history and mailed in the account’s language, never with a secret', async () => {
    const m = await staff('agrihub', { ...MANAGER, name: 'Trần Thị Quản Lý' });
    const mails = outboxFiles();
    const res = await act('POST', '/api/v1/admin/users', as(m), {
      kind: 'staff',
      email: email('cs'),
      name: 'Lê Văn Hỗ Trợ',
      locale: 'en',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
      password: 'Tam@1234',
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = json(res).data.user as { id: number; email: string };
    const url = `/api/v1/admin/users/${s.id}`;
    const edit = await act('PUT', url, as(m), { name: 'Lê Văn Hỗ Trợ Viên', abilities: [{ action: 'read', subject: 'user' }] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await act('POST', `${url}/reset-password`, as(m))).statusCode).toBe(200);
    expect((await act('POST', `${url}/create-gdrive-folder`, as(m))).statusCode).toBe(200);
    expect((await act('DELETE', url, as(m))).statusCode).toBe(200);
    expect((await act('POST', `${url}/reactivate`, as(m))).statusCode).toBe(200);
    await t.app.events.drain();

    const history = json(await act('GET', `${url}/history`, as(m))).data.history as {
      action: string;
      user: { id: number };
    }[];
    expect(history.map((h) => h.action)).toEqual([
      'reactivate',
      'deactivate',
      'create_folder',
      'reset_password',
      'update',
      'create',
    ]);
    expect(history.every((h) => h.user.id === m.user.id)).toBe(true);

    const got = mailsTo(s.email, mails);
    const titled = (title: string) => got.filter((x) => x.subject.includes(title));
    expect(got).toHaveLength(6);
    expect(titled('Your account was created')).toHaveLength(1);
    expect(titled('Your password was reset')).toHaveLength(1);
    expect(titled('Your account was deactivated')).toHaveLength(1);
    expect(titled('Your account was reactivated')).toHaveLength(1);
    const changed = titled('Your account was changed').map((x) => x.text);
    expect(changed).toEqual([
      expect.stringContaining('Trần Thị Quản Lý changed the name, permissions of the account'),
      expect.stringContaining('Trần Thị Quản Lý changed the document folder of the account'),
    ]);
    // Only the reset mail carries a link to choose a password (the reset flow); none a password.
    for (const x of got) {
      expect(x.text).not.toContain('Tam@1234');
      expect(x.text).not.toContain(TEST_PASSWORD);
      if (!x.subject.includes('Your password was reset')) expect(x.text).not.toMatch(/token=/);
    }
  });
});
