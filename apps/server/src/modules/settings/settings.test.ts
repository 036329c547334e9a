import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformKey } from '@agrihub/contract';
import { userSettings, users } from '../../db/schema/index.js';
import {
  TEST_PASSWORD,
  as,
  buildUser,
  createTestApp,
  headers,
  json,
  type Built,
  type TestApp,
} from '../../../test/helper.js';
import { buildProduct } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

// /general-setting (DESIGN §5.5): a user's own language and notification channels per kind, which
// the notifications module honours; the role admin's platform contact details and analytics / chat
// ids, loaded on the light public pages only when set, with the page's CSP opened only then.

const TEMPLATE = (name: string) => `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <!--seo: the server puts this page's tags here-->
    <title>${name}</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/${name}.js"></script></body>
</html>`;

let t: TestApp;
let dist: string;
let admin: Built;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-settings-'));
  for (const name of ['index', 'trace', 'content', 'diary']) fs.writeFileSync(path.join(dist, `${name}.html`), TEMPLATE(name));
  t = await createTestApp({ WEB_DIST: dist });
  admin = await buildUser(t.db, { roles: ['admin'], email: 'admin@dtrack.test' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => clearOutbox(t));

const getSettings = (u: Built, locale = 'vi') =>
  t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: as(u, locale) });
const putSettings = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: '/api/v1/settings', headers: as(u, locale), payload });
const putPlatform = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/platform_settings', headers: as(u, locale), payload });
const kindsOf = (body: { data: { setting: { notifications: { kind: string }[] } } }) =>
  body.data.setting.notifications.map((n) => n.kind);
const fieldErrors = (res: { body: string }) =>
  (JSON.parse(res.body) as { meta: { errors?: { field: string; message: string }[] } }).meta.errors ?? [];

describe('GET /api/v1/settings: the own language and notification switches', () => {
  it('a producer is offered the producer kinds, every switch on, the security notice locked on', async () => {
    const producer = await buildUser(t.db);
    const res = await getSettings(producer);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.setting.locale).toBe('vi');
    expect(body.data.setting.locales).toEqual(['vi']); // DTrack offers Vietnamese only
    expect(kindsOf(body)).toEqual([
      'account_security',
      'producer_status',
      'product_review',
      'batch_recall',
      'service_request_progress',
      'sale_channel',
      'shipments',
    ]);
    expect(body.data.setting.notifications[0]).toEqual({
      kind: 'account_security',
      in_app: true,
      email: true,
      mandatory: true,
    });
    expect(body.data.setting.notifications.every((n: { in_app: boolean; email: boolean }) => n.in_app && n.email)).toBe(
      true,
    );
  });

  it('an administrator is offered the back office kinds of its platform (department registrations on Foodmap only)', async () => {
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect(kindsOf(json(await getSettings(foodmapAdmin)))).toEqual([
      'account_security',
      'service_request_work',
      'department_registration',
      'client_message',
    ]);
    expect(kindsOf(json(await getSettings(admin)))).toEqual([
      'account_security',
      'service_request_work',
      'client_message',
      'oem_certificate',
      'purchase_order',
    ]);
    // No batches on AgriHub: no batch recall switch for its producers.
    const agrihubProducer = await buildUser(t.db, { platform: 'agrihub' });
    const agrihub = json(await getSettings(agrihubProducer));
    expect(kindsOf(agrihub)).not.toContain('batch_recall');
    expect(agrihub.data.setting.locales).toEqual(['vi', 'en']);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: headers('dtrack') });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/v1/settings', () => {
  it('saves the switches given, keeps the others, and touches no one else', async () => {
    const producer = await buildUser(t.db);
    const other = await buildUser(t.db);
    const res = await putSettings(producer, {
      notifications: [{ kind: 'product_review', in_app: true, email: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).meta.message).toBe('Đã lưu cài đặt của bạn.');
    const second = await putSettings(producer, {
      notifications: [{ kind: 'sale_channel', in_app: false, email: false }],
    });
    expect(second.statusCode).toBe(200);
    const after = json(await getSettings(producer)).data.setting.notifications;
    expect(after.find((n: { kind: string }) => n.kind === 'product_review')).toMatchObject({
      in_app: true,
      email: false,
    });
    expect(after.find((n: { kind: string }) => n.kind === 'sale_channel')).toMatchObject({
      in_app: false,
      email: false,
    });
    expect(after.find((n: { kind: string }) => n.kind === 'producer_status')).toMatchObject({
      in_app: true,
      email: true,
    });
    const untouched = json(await getSettings(other)).data.setting.notifications;
    expect(untouched.every((n: { in_app: boolean; email: boolean }) => n.in_app && n.email)).toBe(true);
  });

  it('changes the language where the platform offers it, and refuses English on DTrack (422 in Vietnamese)', async () => {
    const agrihubUser = await buildUser(t.db, { platform: 'agrihub' });
    const res = await putSettings(agrihubUser, { locale: 'en' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.setting.locale).toBe('en');
    // Answered in the language just chosen.
    expect(json(res).meta.message).toBe('Your settings have been saved.');
    const [row] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, agrihubUser.user.id));
    expect(row.locale).toBe('en');

    const dtrackUser = await buildUser(t.db);
    const refused = await putSettings(dtrackUser, { locale: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: 'locale', message: 'Nền tảng này chỉ hỗ trợ ngôn ngữ: vi.' }]);
  });

  it('refuses bad input with 422 and the reason in Vietnamese under the field', async () => {
    const producer = await buildUser(t.db);
    const unknown = await putSettings(producer, { notifications: [{ kind: 'weather', in_app: true, email: true }] });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)[0]).toMatchObject({ message: 'Loại thông báo không hợp lệ.' });

    const notBoolean = await putSettings(producer, {
      notifications: [{ kind: 'product_review', in_app: 'yes', email: true }],
    });
    expect(notBoolean.statusCode).toBe(422);
    expect(fieldErrors(notBoolean)[0]).toMatchObject({ message: 'Giá trị bật/tắt không hợp lệ.' });

    const badLocale = await putSettings(producer, { locale: 'fr' });
    expect(badLocale.statusCode).toBe(422);
    expect(fieldErrors(badLocale)[0]).toMatchObject({ field: 'locale', message: 'Ngôn ngữ không hợp lệ.' });

    // A back office kind is not a producer's to set.
    const staffKind = await putSettings(producer, {
      notifications: [{ kind: 'client_message', in_app: false, email: false }],
    });
    expect(staffKind.statusCode).toBe(422);
    expect(fieldErrors(staffKind)).toEqual([
      { field: 'notifications.0.kind', message: 'Tài khoản của bạn không nhận loại thông báo này.' },
    ]);

    // Security notices always go out.
    const security = await putSettings(producer, {
      notifications: [{ kind: 'account_security', in_app: true, email: false }],
    });
    expect(security.statusCode).toBe(422);
    expect(fieldErrors(security)[0].message).toBe('Thông báo bảo mật tài khoản luôn được gửi và không thể tắt.');
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, producer.user.id))).toEqual([]);
  });
});

describe('the notifications module honours the switches', () => {
  const reject = (productId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/reject`,
      headers: as(admin),
      payload: { reason: 'Thiếu ảnh nhãn mác' },
    });
  const inAppOf = async (u: Built) =>
    json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(u) })).data.notifications as {
      type: string;
    }[];

  it('e-mail off for a kind: no mail for it, still in the app; both off: nothing; other accounts unaffected', async () => {
    const owner = await buildUser(t.db);
    const [colleague] = await t.db
      .insert(users)
      .values({
        platform: 'dtrack',
        email: `colleague-${owner.user.id}@example.vn`,
        name: 'Đồng nghiệp',
        passwordHash: owner.user.passwordHash,
        producerId: owner.producerId,
      })
      .returning();
    expect(
      (await putSettings(owner, { notifications: [{ kind: 'product_review', in_app: true, email: false }] }))
        .statusCode,
    ).toBe(200);

    const first = await buildProduct(t.db, { producerId: owner.producerId!, status: 'pending', name: 'Gạo ST25' });
    expect((await reject(first.id)).statusCode).toBe(200);
    await t.app.events.drain();
    expect((await inAppOf(owner)).map((n) => n.type)).toEqual(['product.rejected']);
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).toEqual([colleague.email]);

    await clearOutbox(t);
    await putSettings(owner, { notifications: [{ kind: 'product_review', in_app: false, email: false }] });
    const second = await buildProduct(t.db, { producerId: owner.producerId!, status: 'pending', name: 'Chè Thái' });
    expect((await reject(second.id)).statusCode).toBe(200);
    await t.app.events.drain();
    expect(await inAppOf(owner)).toHaveLength(1); // only the first one
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).toEqual([colleague.email]);
  });

  it('a kind switched off leaves the other kinds on', async () => {
    const owner = await buildUser(t.db, { producer: { status: 'pending' } });
    await putSettings(owner, { notifications: [{ kind: 'product_review', in_app: false, email: false }] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/producers/${owner.producerId}/status`,
      headers: as(admin),
      payload: { status: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.events.drain();
    expect((await inAppOf(owner)).map((n) => n.type)).toEqual(['producer.approved']);
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).toEqual([owner.user.email]);
  });

  it('a security notice is delivered whatever is stored (a password change)', async () => {
    const u = await buildUser(t.db);
    // Not possible through the API (422 above); as if stored by an older version.
    await t.db
      .insert(userSettings)
      .values({ userId: u.user.id, notifications: { account_security: { in_app: false, email: false } } });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      headers: as(u),
      payload: { old_password: TEST_PASSWORD, password: 'NewSecret@2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, u.user.id));
    expect(row).toBeDefined();
    expect(readOutbox(t.config.outboxDir).map((m) => m.subject)).toEqual(['[DTrack] Mật khẩu đã được thay đổi']);
  });

  it("a staff member's switch: no mail about new leads, the notification stays in the app", async () => {
    const support = await buildUser(t.db, {
      platform: 'agrihub',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'message' }],
    });
    const res = await putSettings(support, { notifications: [{ kind: 'client_message', in_app: true, email: false }] });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/messages',
      headers: headers('agrihub'),
      payload: { name: 'Chị Lan', phone: '0912345678', topic: 'other', message: 'Cần tư vấn', consent: true },
      remoteAddress: '10.9.9.9',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.events.drain();
    expect((await inAppOf(support)).map((n) => n.type)).toEqual(['client_message.received']);
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).not.toContain(support.user.email);
  });
});

describe('platform settings (role admin)', () => {
  it('only the role admin reads or changes them: 403 for other staff and producers, 401 without a token', async () => {
    const support = await buildUser(t.db, {
      roles: ['customer_support'],
      abilities: [
        { action: 'manage', subject: 'user' },
        { action: 'manage', subject: 'post' },
      ],
    });
    const producer = await buildUser(t.db);
    for (const u of [support, producer]) {
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/admin/platform_settings', headers: as(u) });
      expect(read.statusCode).toBe(403);
      expect((await putPlatform(u, { hotline: '0912345678' })).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/platform_settings',
      headers: headers('dtrack'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses malformed ids and contacts with 422, each message under its field in Vietnamese', async () => {
    const res = await putPlatform(admin, {
      hotline: '12-34',
      email: 'lienhe@',
      address: 'x'.repeat(301),
      ga_measurement_id: 'UA-1234567-1',
      facebook_page: 'trang facebook',
      zalo_oa_id: 'zalo123',
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(fieldErrors(res).map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      hotline: 'Số điện thoại không hợp lệ.',
      email: 'Email không hợp lệ.',
      address: 'Tối đa 300 ký tự.',
      ga_measurement_id: 'Mã đo lường Google Analytics phải có dạng G-XXXXXXXXXX (chữ in hoa và số).',
      facebook_page: 'Tên người dùng hoặc ID trang Facebook không hợp lệ (5–50 ký tự: chữ, số, dấu chấm).',
      zalo_oa_id: 'ID Zalo Official Account phải gồm 6–20 chữ số.',
    });
    const read = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/platform_settings', headers: as(admin) }),
    );
    expect(read.data.platform_setting).toMatchObject({ hotline: null, ga_measurement_id: null, updated_at: null });
  });

  it('saves, normalises and clears; each platform keeps its own', async () => {
    const saved = await putPlatform(admin, {
      hotline: '091-234-5678',
      email: 'LienHe@DTrack.vn',
      address: 'Số 1 Tràng Tiền, phường Hoàn Kiếm, Hà Nội',
      working_hours: 'Thứ 2 – Thứ 6, 8:00–17:00',
      ga_measurement_id: 'g-ab12cd34ef',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).meta.message).toBe('Đã lưu cài đặt của nền tảng.');
    // Stored in E.164, shown the Vietnamese way.
    expect(json(saved).data.platform_setting).toMatchObject({
      hotline: '+84912345678',
      hotline_display: '0912 345 678',
      email: 'lienhe@dtrack.vn',
      ga_measurement_id: 'G-AB12CD34EF',
      facebook_page: null,
    });
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    const other = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/platform_settings', headers: as(foodmapAdmin) }),
    );
    expect(other.data.platform_setting).toMatchObject({ hotline: null, ga_measurement_id: null });

    const cleared = await putPlatform(admin, { ga_measurement_id: '' });
    expect(json(cleared).data.platform_setting).toMatchObject({ ga_measurement_id: null, hotline: '+84912345678' });

    const pub = await t.app.inject({
      method: 'GET',
      url: '/api/v1/client/platform_settings',
      headers: headers('dtrack'),
    });
    expect(pub.statusCode).toBe(200);
    expect(json(pub).data.contact).toEqual({
      hotline: '+84912345678',
      hotline_display: '0912 345 678',
      email: 'lienhe@dtrack.vn',
      address: 'Số 1 Tràng Tiền, phường Hoàn Kiếm, Hà Nội',
      working_hours: 'Thứ 2 – Thứ 6, 8:00–17:00',
    });
  });
});

describe('public pages: contact, analytics and chat only when set', () => {
  const host = (platform: PlatformKey) => `${platform}.localhost:3000`;
  const page = (platform: PlatformKey, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: host(platform), accept: 'text/html' } });
  const scriptsOf = (html: string) =>
    DomUtils.getElementsByTagName('script', parseDocument(html)).map((s) => ({
      src: s.attribs.src ?? null,
      type: s.attribs.type ?? null,
      data: Object.fromEntries(Object.entries(s.attribs).filter(([k]) => k.startsWith('data-'))),
      text: DomUtils.textContent(s),
    }));
  const directive = (policy: unknown, name: string) =>
    String(policy)
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('by default no third-party script and the usual policy', async () => {
    const res = await page('agrihub', '/faqs');
    expect(res.statusCode).toBe(200);
    expect(scriptsOf(res.body).map((s) => s.src)).toEqual(['/assets/content.js']);
    expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'");
    expect(directive(res.headers['content-security-policy'], 'frame-src')).toBeUndefined();
  });

  it('set: the Google tag, our widgets script and the contact block on light pages, the policy opened to those hosts only', async () => {
    const agrihubAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    const res = await putPlatform(agrihubAdmin, {
      hotline: '0912345678',
      address: 'Kho </script><script>alert(1)</script> số 2',
      ga_measurement_id: 'G-TEST1234',
      facebook_page: 'agrihub.vn',
      zalo_oa_id: '579745863508352884',
    });
    expect(res.statusCode, res.body).toBe(200);

    for (const url of ['/faqs', '/information-security', '/trace/UNKNOWNCODE1']) {
      const html = await page('agrihub', url);
      expect(html.statusCode, url).toBe(200);
      const scripts = scriptsOf(html.body);
      expect(scripts.map((s) => s.src)).toEqual([
        null,
        'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
        '/site-widgets.js',
        expect.stringMatching(/^\/assets\/(content|trace)\.js$/),
      ]);
      // The contact is data, never run; nothing in it closes its element.
      expect(scripts[0].type).toBe('application/json');
      expect(JSON.parse(scripts[0].text)).toEqual({
        hotline: '+84912345678',
        hotline_display: '0912 345 678',
        email: null,
        address: 'Kho </script><script>alert(1)</script> số 2',
        working_hours: null,
      });
      expect(html.body).not.toContain('<script>alert(1)');
      expect(scripts[2].data).toMatchObject({
        'data-ga': 'G-TEST1234',
        'data-zalo-oa': '579745863508352884',
        'data-messenger': 'https://m.me/agrihub.vn',
        'data-messenger-label': 'Nhắn tin qua Messenger',
      });
      // No inline script at all (the JSON block is not run).
      expect(scripts.filter((s) => !s.src && s.type !== 'application/json')).toEqual([]);
      const policy = html.headers['content-security-policy'];
      expect(directive(policy, 'script-src')).toBe(
        "script-src 'self' https://www.googletagmanager.com https://sp.zalo.me",
      );
      expect(directive(policy, 'connect-src')).toBe(
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
      );
      expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://*.zalo.me");
      expect(String(policy)).not.toContain("unsafe-inline' https://www.google");
    }

    // Not on the app's pages (the signed-in frame shares them), not on the sign-in page (a password
    // is typed there: no third-party script), not on the producers' diary (kept offline), not on
    // another platform.
    for (const [platform, url] of [
      ['agrihub', '/services'],
      ['agrihub', '/login'],
      ['agrihub', '/diary'],
      ['agrihub', '/dashboard'],
      ['foodmap', '/faqs'],
    ] as const) {
      const html = await page(platform, url);
      expect(
        scriptsOf(html.body).filter((s) => s.src !== null && !s.src.startsWith('/assets/')),
        `${platform}${url}`,
      ).toEqual([]);
      expect(html.body).not.toContain('site-contact');
      expect(directive(html.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'");
    }

    // A page not found: the footer's contact, no third-party piece.
    const missing = await page('agrihub', '/news');
    expect(missing.statusCode).toBe(404);
    expect(scriptsOf(missing.body).map((s) => s.src)).toEqual([null, '/assets/content.js']);
    expect(directive(missing.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'");
  });

  it('only Google Analytics set: no Zalo host in the policy, no frame-src', async () => {
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    await putPlatform(foodmapAdmin, { ga_measurement_id: 'G-FOODMAP01', zalo_oa_id: null, facebook_page: null });
    const html = await page('foodmap', '/faqs');
    const policy = html.headers['content-security-policy'];
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://www.googletagmanager.com");
    expect(directive(policy, 'frame-src')).toBeUndefined();
    expect(scriptsOf(html.body).map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-FOODMAP01',
      '/site-widgets.js',
      '/assets/content.js',
    ]);
  });

  it('notification mails carry the platform hotline and e-mail once set', async () => {
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    expect((await putPlatform(foodmapAdmin, { hotline: '(028) 1234 5678', email: 'hotro@foodmap.vn' })).statusCode).toBe(200);
    const producer = await buildUser(t.db, { platform: 'foodmap', producer: { status: 'pending' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/producers/${producer.producerId}/status`,
      headers: as(foodmapAdmin),
      payload: { status: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.events.drain();
    const [mail] = readOutbox(t.config.outboxDir);
    expect(mail.text).toContain('Hỗ trợ: 028 1234 5678 · hotro@foodmap.vn');
    expect(mail.html).toContain('Hỗ trợ: 028 1234 5678 · hotro@foodmap.vn');
  });
});
