import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientMessages, producers, users } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';

/**
 * Vietnamese phone numbers through the API (issue 13, DESIGN §8): sign-up, the account, the
 * business information and the public contact form take every way a number is written and store
 * it in E.164; a number that is none is refused (422) with the field's message in Vietnamese; the
 * admin searches find a number however it is typed.
 */
let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATION_RATE_LIMIT_PER_HOUR: '100' });
});
afterAll(() => t.close());

const TYPED: [string, string][] = [
  ['0912 345 678', '+84912345678'],
  ['+84 912 345 678', '+84912345678'],
  ['84 912 345 678', '+84912345678'],
  ['0912.345.678', '+84912345678'],
  ['0912-345-678', '+84912345678'],
  ['(028) 3823 4567', '+842838234567'],
  ['+84 28 3823 4567', '+842838234567'],
  ['(+84) 24 3825 1234', '+842438251234'],
];
const INVALID = ['0912 345 67', '12-34', 'abc', '000 000 0000', '0912345678 ext 1'];

let n = 0;
const register = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations',
    headers: { platform: 'agrihub', locale: 'vi' },
    remoteAddress: `10.61.0.${++ip}`,
    payload: {
      email: `sdt${++n}@example.vn`,
      password: 'Dangky@1',
      name: 'Võ Thị Hoa',
      phone,
      producer: { name: 'HTX Chè Tân Cương', producer_type: 'cooperative' },
    },
  });

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { meta: { errors: { field: string; message: string }[] } }).meta.errors;

describe('sign-up (POST /api/v1/registrations)', () => {
  it.each(TYPED)('takes %s and stores %s', async (typed, e164) => {
    const res = await register(typed);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.user.phone).toBe(e164);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, json(res).data.user.id));
    expect(row.phone).toBe(e164);
  });

  it.each(INVALID)('refuses %s with 422 and the message under the phone field, in Vietnamese', async (typed) => {
    const res = await register(typed);
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.body)).toEqual([{ field: 'phone', message: 'Số điện thoại không hợp lệ.' }]);
  });
});

describe('the account (PUT /api/v1/users) and the business information (PUT /api/v1/producers/{id})', () => {
  it('stores each way of writing the same number as one E.164 value; English refusals in English', async () => {
    const u = await buildUser(t.db, { platform: 'foodmap' });
    for (const [typed, e164] of TYPED) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users',
        headers: as(u),
        payload: { phone: typed },
      });
      expect(res.statusCode, typed).toBe(200);
      expect(json(res).data.user.phone).toBe(e164);
      const whoami = json(await t.app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: as(u) }));
      expect(whoami.data.user.phone).toBe(e164);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: as(u, 'en'),
      payload: { phone: '0912' },
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([{ field: 'phone', message: 'Invalid phone number.' }]);

    const producer = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${u.producerId}`,
      headers: as(u),
      payload: { phone: '(0212) 3866 780' },
    });
    expect(producer.statusCode, producer.body).toBe(200);
    expect(json(producer).data.producer.phone).toBe('+842123866780');
    const [row] = await t.db.select().from(producers).where(eq(producers.id, u.producerId!));
    expect(row.phone).toBe('+842123866780');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${u.producerId}`,
      headers: as(u),
      payload: { phone: '0212 386 678', website: 'abc' },
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused.body)).toEqual([
      { field: 'phone', message: 'Số điện thoại không hợp lệ.' },
      { field: 'website', message: 'Website phải là một địa chỉ web, ví dụ https://tenmien.vn.' },
    ]);
  });
});

describe('the contact form (POST /api/v1/client/messages) and the admin searches', () => {
  const send = (phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/client/messages',
      headers: { platform: 'dtrack', locale: 'vi' },
      remoteAddress: `10.62.0.${++ip}`,
      payload: {
        name: 'Phạm Minh Khoa',
        phone,
        topic: 'service_advice',
        message: 'Tôi cần tư vấn truy xuất nguồn gốc.',
        consent: true,
      },
    });

  it('stores the lead’s number in E.164; refuses a number that is none', async () => {
    const res = await send('+84 903 555 782');
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(clientMessages).where(eq(clientMessages.phone, '+84903555782'));
    expect(row?.name).toBe('Phạm Minh Khoa');
    const bad = await send('0903 555');
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad.body)).toEqual([{ field: 'phone', message: 'Số điện thoại không hợp lệ.' }]);
  });

  it('finds the lead and the account by the number typed the Vietnamese way, in part or in full', async () => {
    const admin = await buildUser(t.db, { platform: 'dtrack', roles: ['admin'] });
    const staff = await buildUser(t.db, { platform: 'dtrack', roles: ['customer_support'] });
    await t.db.update(users).set({ phone: '+84987111222' }).where(eq(users.id, staff.user.id));
    for (const q of ['0903 555 782', '0903.555.782', '+84 903 555 782', '555 782', '0903555782']) {
      const list = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/messages?q=${encodeURIComponent(q)}`,
          headers: as(admin),
        }),
      );
      expect(
        list.data.messages.map((m: { phone: string }) => m.phone),
        q,
      ).toEqual(['+84903555782']);
    }
    for (const q of ['0987 111 222', '0987-111-222', '+84987111222']) {
      const list = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/users?q=${encodeURIComponent(q)}`,
          headers: as(admin),
        }),
      );
      expect(
        list.data.users.map((u: { id: number }) => u.id),
        q,
      ).toEqual([staff.user.id]);
    }
    // Words still search words.
    const byName = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/messages?q=pham minh`,
        headers: headers('dtrack', admin.token),
      }),
    );
    expect(byName.data.messages.length).toBeGreaterThan(0);
  });
});
