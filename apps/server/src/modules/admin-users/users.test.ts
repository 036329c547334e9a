import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AbilityRule, PlatformKey } from '@agrihub/contract';
import { users } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, TEST_PASSWORD, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildUser, type BuildUserOptions } from '../../../test/factories.js';
import { openSession } from '../auth/sessions.js';
import { readOutbox } from '../../../test/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN: BuildUserOptions = { roles: ['admin'] };
/** A user manager who is not an admin: customer support with manage user and read producer. */
const MANAGER: BuildUserOptions = {
  roles: ['customer_support'],
  abilities: [
    { action: 'manage', subject: 'user' },
    { action: 'read', subject: 'producer' },
  ],
};

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, h: Headers, payload?: object) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const admin = (platform: PlatformKey = 'dtrack') => buildUser(t.db, { platform, ...ADMIN });
let seq = 0;
const email = (name = 'nv') => `${name}-${++seq}@nongsan.vn`;

/** Signs in with the password grant (the user's own credentials). */
const login = (platform: PlatformKey, username: string, password = TEST_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { ...headers(platform), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

async function createStaff(h: Headers, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/admin/users', h, {
    kind: 'staff',
    email: email(),
    name: 'Nguyễn Thị Hồng',
    roles: ['customer_support'],
    abilities: [{ action: 'read', subject: 'producer' }],
    password: 'Tam@1234',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.user as { id: number; email: string; roles: string[]; abilities: AbilityRule[] };
}

/** A token of an account that logs in with `password`. */
async function tokenOf(platform: PlatformKey, username: string, password: string) {
  const res = await login(platform, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return headers(platform, json(res).access_token);
}

const historyActions = async (h: Headers, id: number) =>
  json(await call('GET', `/api/v1/admin/users/${id}/history`, h)).data.history.map((a: { action: string }) => a.action);

describe('staff users: create, read, list, edit', () => {
  it('creates a staff account with roles and a normalised ability grid; it must change the password; the user is mailed', async () => {
    const a = await admin();
    const address = email('hong');
    const res = await call('POST', '/api/v1/admin/users', as(a), {
      kind: 'staff',
      email: `  ${address.toUpperCase()} `,
      name: 'Nguyễn Thị Hồng',
      phone: '0912345678',
      roles: ['customer_support', 'customer_support'],
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'manage', subject: 'product' },
        { action: 'read', subject: 'product' },
        { action: 'read', subject: 'producer' },
      ],
      password: 'Tam@1234',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res).data.user;
    expect(created).toMatchObject({
      email: address,
      kind: 'staff',
      active: true,
      roles: ['customer_support'],
      abilities: [
        { action: 'manage', subject: 'product' },
        { action: 'read', subject: 'producer' },
      ],
      required_change_password: true,
      producer: null,
      document_folder: null,
    });
    expect(JSON.stringify(json(res))).not.toMatch(/argon2|password_hash|Tam@1234/);
    expect(json(res).meta.message).toMatch(/đổi mật khẩu/);
    // The welcome mail never carries the password.
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === address)!;
    expect(mail.subject).toContain('Tài khoản của bạn đã được tạo');
    expect(mail.text).not.toContain('Tam@1234');
    // It signs in with the given password and must change it first.
    const h = await tokenOf('dtrack', address, 'Tam@1234');
    expect(json(await call('GET', '/api/v1/users/whoami', h)).data.user.required_change_password).toBe(true);
    expect(json(await call('GET', '/api/v1/admin/producers', h)).meta.code).toBe('password_change_required');

    const one = json(await call('GET', `/api/v1/admin/users/${created.id}`, as(a))).data.user;
    expect(one).toEqual(created);
    expect(await historyActions(as(a), created.id)).toEqual(['create']);
  });

  it('without a password, mails a one-time link that sets it (the reset flow)', async () => {
    const a = await admin('agrihub');
    const address = email('link');
    const res = await call('POST', '/api/v1/admin/users', as(a), {
      kind: 'staff',
      email: address,
      name: 'Lê Văn Tâm',
      roles: ['approver'],
      password: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).meta.message).toMatch(/gửi email/);
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === address)!;
    const token = /\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect(mail.text).toContain('72 giờ');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password',
      headers: headers('agrihub'),
      payload: { token, password: 'MatKhau@9' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const h = await tokenOf('agrihub', address, 'MatKhau@9');
    expect(json(await call('GET', '/api/v1/users/whoami', h)).data.user.required_change_password).toBe(false);
  });

  it('creates a producer’s user for a producer of the platform only; it holds no roles', async () => {
    const a = await admin('foodmap');
    const mine = await buildProducer(t.db, { platform: 'foodmap', name: 'HTX Tôm sinh thái Năm Căn' });
    const theirs = await buildProducer(t.db, { platform: 'agrihub' });
    const body = { kind: 'producer', email: email('sx'), name: 'Phạm Văn Nam', password: 'Tam@1234' };
    const other = await call('POST', '/api/v1/admin/users', as(a), { ...body, producer_id: theirs.id });
    expect(other.statusCode).toBe(422);
    expect(json(other).meta.errors).toEqual([
      { field: 'producer_id', message: 'Đơn vị sản xuất không tồn tại hoặc đã bị xóa.' },
    ]);
    const res = await call('POST', '/api/v1/admin/users', as(a), { ...body, producer_id: mine.id });
    expect(res.statusCode, res.body).toBe(201);
    const u = json(res).data.user;
    expect(u).toMatchObject({ kind: 'producer', roles: [], abilities: [], producer_id: mine.id });
    expect(u.producer).toMatchObject({ id: mine.id, name: 'HTX Tôm sinh thái Năm Căn' });
    const roles = await call('PUT', `/api/v1/admin/users/${u.id}`, as(a), { roles: ['customer_support'] });
    expect(roles.statusCode).toBe(422);
    expect(json(roles).meta.errors[0].field).toBe('roles');
    const listed = json(await call('GET', `/api/v1/admin/users?producer_id=${mine.id}`, as(a))).data.users;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([u.id]);
  });

  it('refuses bad input with field errors: no role, an ability outside the grid, a taken e-mail, unknown fields', async () => {
    const a = await admin();
    const noRole = await call('POST', '/api/v1/admin/users', as(a), {
      kind: 'staff',
      email: email(),
      name: 'A',
      roles: [],
    });
    expect(noRole.statusCode).toBe(422);
    expect(json(noRole).meta.errors).toEqual([
      { field: 'roles', message: 'Tài khoản nhân viên cần ít nhất một vai trò.' },
    ]);
    const grid = await call('POST', '/api/v1/admin/users', as(a), {
      kind: 'staff',
      email: email(),
      name: 'A',
      roles: ['customer_support'],
      abilities: [
        { action: 'delete', subject: 'producer' },
        { action: 'read', subject: 'Setting' },
      ],
    });
    expect(grid.statusCode).toBe(422);
    expect(json(grid).meta.errors.map((e: { field: string }) => e.field)).toEqual([
      'abilities.0.action',
      'abilities.1.subject',
    ]);
    const kind = await call('POST', '/api/v1/admin/users', as(a), { kind: 'robot', email: email(), name: 'A' });
    expect(json(kind).meta.errors[0]).toMatchObject({ field: 'kind' });
    const first = await createStaff(as(a));
    const taken = await call('POST', '/api/v1/admin/users', as(a), {
      kind: 'staff',
      email: first.email.toUpperCase(),
      name: 'B',
      roles: ['approver'],
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).meta.errors).toEqual([{ field: 'email', message: 'Email này đã được đăng ký.' }]);
    const unknown = await call('PUT', `/api/v1/admin/users/${first.id}`, as(a), { email: 'khac@nongsan.vn' });
    expect(unknown.statusCode).toBe(422);
    const badPhone = await call('PUT', `/api/v1/admin/users/${first.id}`, as(a), { phone: 'abc' });
    expect(json(badPhone).meta.errors).toEqual([{ field: 'phone', message: 'Số điện thoại không hợp lệ.' }]);
  });

  it('edits name, phone, roles and abilities; the history names the fields; the user’s next request sees the change', async () => {
    const a = await admin();
    const s = await createStaff(as(a), { abilities: [{ action: 'read', subject: 'producer' }], password: undefined });
    await t.db.update(users).set({ requiredChangePassword: false }).where(eq(users.id, s.id));
    const h = headers('dtrack', (await openSession(t.db, s.id)).access_token);
    expect((await call('GET', '/api/v1/admin/products', h)).statusCode).toBe(403);

    const res = await call('PUT', `/api/v1/admin/users/${s.id}`, as(a), {
      name: 'Nguyễn Thị Hồng Nhung',
      phone: '',
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'product' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.user).toMatchObject({ name: 'Nguyễn Thị Hồng Nhung', phone: null });
    // Same token, next request: the new ability works and whoami shows it (menus follow).
    expect((await call('GET', '/api/v1/admin/products', h)).statusCode).toBe(200);
    const who = json(await call('GET', '/api/v1/users/whoami', h)).data.user;
    expect(who.abilities).toContainEqual({ action: 'read', subject: 'product' });

    const history = json(await call('GET', `/api/v1/admin/users/${s.id}/history`, as(a))).data.history;
    expect(history[0]).toMatchObject({ action: 'update', user: { id: a.user.id } });
    expect(history[0].detail.fields).toEqual(['name', 'abilities']);
    expect(history[0].detail.changes.name).toEqual(['Nguyễn Thị Hồng', 'Nguyễn Thị Hồng Nhung']);
    // Saving the same values writes nothing.
    await call('PUT', `/api/v1/admin/users/${s.id}`, as(a), { name: 'Nguyễn Thị Hồng Nhung' });
    expect(await historyActions(as(a), s.id)).toEqual(['update', 'create']);
  });

  it('lists with filters (role, kind, active, accent-free q) and pages, on the platform only', async () => {
    const a = await admin('agrihub');
    const sup = await createStaff(as(a), { name: 'Đặng Thị Thùy Dương', roles: ['customer_support'] });
    const appr = await createStaff(as(a), { name: 'Võ Minh Đức', roles: ['approver'], abilities: [] });
    await buildUser(t.db, { platform: 'agrihub', name: 'Đặng Văn Sản Xuất' });
    await buildUser(t.db, { platform: 'dtrack', name: 'Đặng Thị Khác', roles: ['customer_support'] });
    await call('DELETE', `/api/v1/admin/users/${appr.id}`, as(a));
    const ids = async (query: string) =>
      json(await call('GET', `/api/v1/admin/users?per_page=100&${query}`, as(a))).data.users.map(
        (u: { id: number }) => u.id,
      );
    expect(await ids(`q=${encodeURIComponent('dang thi thuy')}`)).toEqual([sup.id]);
    expect(await ids('role=customer_support')).toEqual([sup.id]);
    expect(await ids('role=approver&active=false')).toEqual([appr.id]);
    expect(await ids('role=approver&active=true')).not.toContain(appr.id);
    const staff = json(await call('GET', '/api/v1/admin/users?kind=staff&per_page=100', as(a))).data.users;
    expect(staff.every((u: { kind: string; platform: string }) => u.kind === 'staff' && u.platform === 'agrihub')).toBe(
      true,
    );
    const producers = json(await call('GET', '/api/v1/admin/users?kind=producer&per_page=100', as(a))).data.users;
    expect(producers.every((u: { roles: string[] }) => u.roles.length === 0)).toBe(true);
    for (const bad of ['role=boss', 'kind=robot', 'active=maybe', 'producer_id=0']) {
      expect((await call('GET', `/api/v1/admin/users?${bad}`, as(a))).statusCode, bad).toBe(422);
    }
  });

  it('another platform’s account is not found', async () => {
    const a = await admin('dtrack');
    const other = await buildUser(t.db, { platform: 'foodmap', roles: ['customer_support'] });
    for (const [method, url, body] of [
      ['GET', `/api/v1/admin/users/${other.user.id}`],
      ['PUT', `/api/v1/admin/users/${other.user.id}`, { name: 'X' }],
      ['DELETE', `/api/v1/admin/users/${other.user.id}`],
      ['POST', `/api/v1/admin/users/${other.user.id}/reset-password`],
      ['POST', `/api/v1/admin/users/${other.user.id}/create-gdrive-folder`],
      ['GET', `/api/v1/admin/users/${other.user.id}/history`],
    ] as const) {
      expect((await call(method, url, as(a), body)).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('who may change what', () => {
  it('an admin cannot remove its own admin role, nor deactivate itself; it edits its own name', async () => {
    const a = await admin();
    const own = await call('PUT', `/api/v1/admin/users/${a.user.id}`, as(a), { roles: ['customer_support'] });
    expect(own.statusCode).toBe(403);
    expect(json(own).meta).toMatchObject({
      code: 'cannot_remove_own_admin',
      message: 'Bạn không thể tự gỡ vai trò admin của chính mình.',
      errors: [{ field: 'roles', message: 'Bạn không thể tự gỡ vai trò admin của chính mình.' }],
    });
    const del = await call('DELETE', `/api/v1/admin/users/${a.user.id}`, as(a));
    expect(del.statusCode).toBe(403);
    expect(json(del).meta.code).toBe('cannot_deactivate_self');
    const put = await call('PUT', `/api/v1/admin/users/${a.user.id}`, as(a), { active: false });
    expect(json(put).meta.code).toBe('cannot_deactivate_self');
    expect((await call('GET', '/api/v1/users/whoami', as(a))).statusCode).toBe(200);
    const rename = await call('PUT', `/api/v1/admin/users/${a.user.id}`, as(a), { name: 'Quản trị viên chính' });
    expect(rename.statusCode).toBe(200);
  });

  it('a user manager who is not admin deactivates itself neither', async () => {
    const m = await buildUser(t.db, MANAGER);
    expect(json(await call('DELETE', `/api/v1/admin/users/${m.user.id}`, as(m))).meta.code).toBe(
      'cannot_deactivate_self',
    );
  });

  it('only role admin grants or removes role admin, and only an admin changes an admin’s account', async () => {
    const a = await admin();
    const m = await buildUser(t.db, MANAGER);
    const s = await createStaff(as(a));
    const grant = await call('PUT', `/api/v1/admin/users/${s.id}`, as(m), { roles: ['customer_support', 'admin'] });
    expect(grant.statusCode).toBe(403);
    expect(json(grant).meta).toMatchObject({ code: 'only_admin_grants_admin', errors: [{ field: 'roles' }] });
    const create = await call('POST', '/api/v1/admin/users', as(m), {
      kind: 'staff',
      email: email(),
      name: 'A',
      roles: ['admin'],
    });
    expect(json(create).meta.code).toBe('only_admin_grants_admin');
    // The admin's account: untouchable by the manager, whatever the change.
    for (const [method, url, body] of [
      ['PUT', `/api/v1/admin/users/${a.user.id}`, { roles: ['customer_support'] }],
      ['PUT', `/api/v1/admin/users/${a.user.id}`, { name: 'Đổi tên' }],
      ['DELETE', `/api/v1/admin/users/${a.user.id}`],
      ['POST', `/api/v1/admin/users/${a.user.id}/reset-password`],
    ] as const) {
      const res = await call(method, url, as(m), body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(json(res).meta.code).toBe('only_admin_changes_admin');
    }
    // An admin grants admin, and removes it from another admin.
    const up = await call('PUT', `/api/v1/admin/users/${s.id}`, as(a), { roles: ['admin', 'customer_support'] });
    expect(up.statusCode, up.body).toBe(200);
    expect(json(up).data.user.roles).toEqual(['admin', 'customer_support']);
    const down = await call('PUT', `/api/v1/admin/users/${s.id}`, as(a), { roles: ['customer_support'] });
    expect(down.statusCode).toBe(200);
    expect(await historyActions(as(a), s.id)).toEqual(['update', 'update', 'create']);
  });

  it('a manager grants only the roles it holds and the abilities it has', async () => {
    const a = await admin();
    const m = await buildUser(t.db, MANAGER);
    const s = await createStaff(as(a), { abilities: [] });
    const role = await call('PUT', `/api/v1/admin/users/${s.id}`, as(m), { roles: ['customer_support', 'approver'] });
    expect(json(role).meta).toMatchObject({
      code: 'role_not_yours_to_grant',
      message: 'Bạn chỉ được cấp hoặc gỡ những vai trò mà chính bạn có.',
    });
    const ability = await call('PUT', `/api/v1/admin/users/${s.id}`, as(m), {
      abilities: [{ action: 'update', subject: 'producer' }],
    });
    expect(json(ability).meta).toMatchObject({ code: 'ability_not_yours_to_grant', errors: [{ field: 'abilities' }] });
    const ok = await call('PUT', `/api/v1/admin/users/${s.id}`, as(m), {
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'user' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a reader of users (no update) changes nothing', async () => {
    const reader = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'user' }],
    });
    const s = await buildUser(t.db, { roles: ['customer_support'] });
    expect((await call('GET', `/api/v1/admin/users/${s.user.id}`, as(reader))).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/v1/admin/users', { kind: 'staff', email: email(), name: 'A', roles: ['customer_support'] }],
      ['PUT', `/api/v1/admin/users/${s.user.id}`, { name: 'B' }],
      ['DELETE', `/api/v1/admin/users/${s.user.id}`],
      ['POST', `/api/v1/admin/users/${s.user.id}/reactivate`],
      ['POST', `/api/v1/admin/users/${s.user.id}/reset-password`],
      ['POST', `/api/v1/admin/users/${s.user.id}/create-gdrive-folder`],
    ] as const) {
      expect((await call(method, url, as(reader), body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('deactivation and reactivation', () => {
  it('ends every session at once (a token that worked answers 401), refuses the login with a clear message, then comes back', async () => {
    const a = await admin();
    const s = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
    });
    const second = await tokenOf('dtrack', s.user.email, TEST_PASSWORD);
    expect((await call('GET', '/api/v1/admin/producers', as(s))).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/users/whoami', second)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/v1/admin/users/${s.user.id}`, as(a));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.user).toMatchObject({ active: false });
    expect(json(res).data.user.deactivated_at).toBeTruthy();
    expect(json(res).meta.message).toMatch(/phiên đăng nhập/);

    for (const h of [as(s), second]) {
      expect((await call('GET', '/api/v1/admin/producers', h)).statusCode).toBe(401);
      const who = await call('GET', '/api/v1/users/whoami', h);
      expect(who.statusCode).toBe(401);
      // Its holder learns why (the web shows it on the login page).
      expect(json(who).meta).toEqual({
        code: 'account_deactivated',
        message: 'Tài khoản của bạn đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên của nền tảng.',
      });
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { ...headers('dtrack'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: s.refreshToken }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    const refused = await login('dtrack', s.user.email);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).meta).toEqual({
      code: 'account_deactivated',
      message: 'Tài khoản của bạn đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên của nền tảng.',
    });
    // A wrong password learns nothing about the account's state.
    expect(json(await login('dtrack', s.user.email, 'Sai@1234')).meta.code).toBe('invalid_credentials');
    // No reset link for a deactivated account (the deactivation's own notice is written first).
    await t.app.events.drain();
    const before = readOutbox(t.config.outboxDir).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot_password',
      headers: headers('dtrack'),
      payload: { email: s.user.email },
    });
    await t.app.events.drain();
    expect(readOutbox(t.config.outboxDir)).toHaveLength(before);
    expect(json(await call('DELETE', `/api/v1/admin/users/${s.user.id}`, as(a))).meta.code).toBe(
      'user_already_deactivated',
    );
    expect(json(await call('POST', `/api/v1/admin/users/${s.user.id}/reset-password`, as(a))).meta.code).toBe(
      'user_is_deactivated',
    );

    const back = await call('POST', `/api/v1/admin/users/${s.user.id}/reactivate`, as(a));
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).data.user).toMatchObject({ active: true, deactivated_at: null });
    // Old tokens stay dead; the password opens a new session.
    expect(json(await call('GET', '/api/v1/users/whoami', as(s))).meta.code).toBe('invalid_token');
    const h = await tokenOf('dtrack', s.user.email, TEST_PASSWORD);
    expect((await call('GET', '/api/v1/admin/producers', h)).statusCode).toBe(200);
    expect(json(await call('POST', `/api/v1/admin/users/${s.user.id}/reactivate`, as(a))).meta.code).toBe(
      'user_already_active',
    );
    expect(await historyActions(as(a), s.user.id)).toEqual(['reactivate', 'deactivate']);
  });

  it('PUT active false deactivates too, and true reactivates', async () => {
    const a = await admin('foodmap');
    const s = await buildUser(t.db, { platform: 'foodmap', roles: ['approver'] });
    const off = await call('PUT', `/api/v1/admin/users/${s.user.id}`, as(a), { active: false });
    expect(json(off).data.user.active).toBe(false);
    expect((await call('GET', '/api/v1/users/whoami', as(s))).statusCode).toBe(401);
    const on = await call('PUT', `/api/v1/admin/users/${s.user.id}`, as(a), { active: true });
    expect(json(on).data.user.active).toBe(true);
    expect((await login('foodmap', s.user.email)).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('ends the sessions, forces a change at the next login and mails a one-time link', async () => {
    const a = await admin();
    const s = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
    });
    const res = await call('POST', `/api/v1/admin/users/${s.user.id}/reset-password`, as(a));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.user.required_change_password).toBe(true);
    expect((await call('GET', '/api/v1/users/whoami', as(s))).statusCode).toBe(401);
    // The old password opens a session that can do nothing but change the password.
    const h = await tokenOf('dtrack', s.user.email, TEST_PASSWORD);
    expect(json(await call('GET', '/api/v1/admin/producers', h)).meta.code).toBe('password_change_required');
    const changed = await call('PUT', '/api/v1/users/password', h, {
      old_password: TEST_PASSWORD,
      password: 'Moi@5678',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = headers('dtrack', json(changed).data.token.access_token);
    expect((await call('GET', '/api/v1/admin/producers', fresh)).statusCode).toBe(200);
    // The mail's link works once (the reset flow).
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === s.user.email)!;
    expect(mail.subject).toContain('Mật khẩu của bạn đã được đặt lại');
    const token = /\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const use = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset_password',
        headers: headers('dtrack'),
        payload: { token, password },
      });
    expect((await use('Link@5678')).statusCode).toBe(200);
    expect((await use('Link@9999')).statusCode).toBe(422);
    expect(await historyActions(as(a), s.user.id)).toEqual(['reset_password']);
  });
});

describe('ability grid enforced on the API', () => {
  it('a support user with read on producer only: producers list yes, status change and other lists no; a new ability works at its next request', async () => {
    const a = await admin();
    const target = await buildProducer(t.db, { status: 'pending' });
    const s = await createStaff(as(a), { abilities: [{ action: 'read', subject: 'producer' }] });
    await t.db.update(users).set({ requiredChangePassword: false }).where(eq(users.id, s.id));
    const h = await tokenOf('dtrack', s.email, 'Tam@1234');
    expect((await call('GET', '/api/v1/admin/producers', h)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/admin/producers/${target.id}`, h)).statusCode).toBe(200);
    const move = await call('PUT', `/api/v1/admin/producers/${target.id}/status`, h, { status: 'approved' });
    expect(move.statusCode).toBe(403);
    for (const url of [
      '/api/v1/admin/users',
      '/api/v1/admin/products',
      '/api/v1/admin/messages',
      '/api/v1/admin/user_register_services',
      '/api/v1/admin/posts',
    ]) {
      expect((await call('GET', url, h)).statusCode, url).toBe(403);
    }
    await call('PUT', `/api/v1/admin/users/${s.id}`, as(a), {
      abilities: [{ action: 'update', subject: 'producer' }],
    });
    expect(
      (await call('PUT', `/api/v1/admin/producers/${target.id}/status`, h, { status: 'approved' })).statusCode,
    ).toBe(200);
  });
});

describe('document folder', () => {
  it('creates the folder once through the driver and answers its link; later calls answer the same folder', async () => {
    const a = await admin();
    const s = await createStaff(as(a));
    const url = `/api/v1/admin/users/${s.id}/create-gdrive-folder`;
    // Two at once: one folder.
    const [r1, r2] = await Promise.all([call('POST', url, as(a)), call('POST', url, as(a))]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const answers = [json(r1).data, json(r2).data];
    expect(answers.map((d) => d.created).sort()).toEqual([false, true]);
    const folder = answers[0].folder;
    expect(answers[1].folder).toEqual(folder);
    expect(folder.id).toBe(`dtrack/users/${s.id}`);
    expect(folder.url).toMatch(/^file:\/\//);
    const dir = fileURLToPath(folder.url);
    expect(dir).toBe(path.join(t.config.dataDir, 'documents', 'dtrack', 'users', String(s.id)));
    expect(fs.readFileSync(path.join(dir, 'README.txt'), 'utf8')).toContain(s.email);
    expect(json(await call('GET', `/api/v1/admin/users/${s.id}`, as(a))).data.user.document_folder).toEqual(folder);
    const again = json(await call('POST', url, as(a)));
    expect(again.data).toMatchObject({ created: false, folder });
    expect(again.meta.message).toBe('Thư mục tài liệu của người dùng đã có sẵn.');
    expect(await historyActions(as(a), s.id)).toEqual(['create_folder', 'create']);
    // A folder removed on the disk is made again.
    fs.rmSync(dir, { recursive: true });
    expect(json(await call('POST', url, as(a))).data.created).toBe(true);
    expect(fs.existsSync(dir)).toBe(true);
  });
});

// The subject here is the demo seed itself.
describe('demo staff accounts', () => {
  it('every platform has a staff account per role of spec §6 and one deactivated account that cannot sign in', async () => {
    const { seedAccounts, demoEmail, DEMO_PASSWORD } = await import('../../db/seed/accounts.js');
    await seedAccounts(t.db);
    for (const platform of ['dtrack', 'agrihub', 'foodmap'] as const) {
      const a = await admin(platform);
      const staff = json(await call('GET', '/api/v1/admin/users?kind=staff&per_page=100', as(a))).data.users as {
        email: string;
        roles: string[];
        active: boolean;
      }[];
      const demo = staff.filter((u) => u.email.endsWith(`@${platform}.demo`));
      for (const role of ['admin', 'customer_support', 'purchasing', 'approve_purchase_order', 'approver']) {
        expect(
          demo.some((u) => u.active && u.roles.includes(role)),
          `${platform} ${role}`,
        ).toBe(true);
      }
      const gone = demo.find((u) => u.email === demoEmail('deactivated', platform))!;
      expect(gone.active).toBe(false);
      const refused = await login(platform, gone.email, DEMO_PASSWORD);
      expect(json(refused).meta.code).toBe('account_deactivated');
      expect((await login(platform, demoEmail('purchasing', platform), DEMO_PASSWORD)).statusCode).toBe(200);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the account routes and the producer deletion', async () => {
    const doc = json(await t.app.inject({ url: '/api/docs/json' }));
    const base = '/api/v1/admin/users';
    for (const p of [
      '',
      '/{id}',
      '/{id}/reactivate',
      '/{id}/reset-password',
      '/{id}/create-gdrive-folder',
      '/{id}/history',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`${base}${p}`);
    }
    expect(Object.keys(doc.paths[`${base}/{id}`])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(doc.paths['/api/v1/producers/{id}'])).toContain('delete');
  });
});
