import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect as baseExpect, port, signIn, test, urlFor } from '../support/fixtures';
import { XSS_VECTORS } from '../../apps/server/test/fixtures/xss-vectors';
import { png } from '../support/png';

// DESIGN §5.4, the public content pages (content.html, a light entry without antd): a post's link
// previews when shared (its tags are in the HTML the server sends); a visitor on a phone reads the
// news, opens a post and finds it again by searching without accents; on /faqs opens an answer and
// asks for advice (consent refused first, then sent), and support moves that lead to "made call";
// rich text carrying the OWASP XSS vectors runs nothing on the public pages.

// A loaded machine (several runs at once) answers slowly: web-first waits of 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const stamp = Date.now().toString(36);
const TITLE = `Truy xuất nguồn gốc chè Tân Cương: hành trình từ đồi chè đến tách trà ${stamp}`;
const SUMMARY = `Mỗi gói chè Tân Cương mang một mã QR kể lại hành trình của nó (${stamp}).`;
const QUESTION = `Làm sao để in tem QR truy xuất cho lô chè ${stamp}?`;
const ANSWER = 'Vào mục Lô sản xuất, chọn lô đã công bố rồi bấm In tem QR.';
const LEAD = `Lê Thị Khách Tin ${stamp}`;

/**
 * OWASP XSS filter evasion examples that would set window.__xss (or open a dialog) if they ran, in
 * one post body; the server tests' 60 vectors (apps/server/test/fixtures) go one per FAQ answer, so
 * that no unclosed tag hides the next one.
 */
const XSS = [
  // First: an unclosed <style> or <math> further down swallows whatever follows it.
  '<p>Văn bản an toàn vẫn còn.</p>',
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src="x" onerror="window.__xss = 2; alert(2)">',
  '<svg onload="window.__xss = 3; alert(3)"><circle r="4"/></svg>',
  '<a href="javascript:window.__xss = 4; alert(4)">javascript link</a>',
  '<a href="JaVaScRiPt:alert(5)">mixed case link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(6)">entity link</a>',
  '<a href="jav&#x09;ascript:alert(7)">tab link</a>',
  '<iframe src="javascript:alert(8)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 9; alert(9)</script>"></iframe>',
  '<IMG SRC=x onerror=&#x61;&#x6C;&#x65;&#x72;&#x74;(10)>',
  '<body onload="window.__xss = 11; alert(11)">',
  '<details open ontoggle="window.__xss = 12; alert(12)">details</details>',
  '<input autofocus onfocus="window.__xss = 13; alert(13)">',
  '<object data="javascript:alert(14)"></object>',
  '<embed src="javascript:alert(15)">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 16; alert(16)">',
  '<div style="background-image: url(javascript:alert(17))">styled</div>',
  '<form action="javascript:alert(18)"><button>send</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(19)">',
].join('\n');

/** An API client of DTrack (Node resolves no *.localhost name: the Platform header names it). */
async function api(token?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: 'dtrack', locale: 'vi', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

async function created<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: T }).data;
}

let admin: APIRequestContext;
let leafId: number;
let post: { id: number; slug: string };
let xssPost: { slug: string };

test.beforeAll(async () => {
  const anon = await api();
  const login = await anon.post('/oauth/token', {
    form: { grant_type: 'password', username: demo('admin', 'dtrack'), password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  admin = await api(((await login.json()) as { access_token: string }).access_token);
  await anon.dispose();

  // A category tree two levels deep, a cover, the post, a post and an FAQ carrying the vectors.
  const root = await created<{ category_post: { id: number } }>(
    await admin.post('/api/v1/admin/post_categories', { data: { name: `Nông sản ${stamp}` } }),
  );
  leafId = (
    await created<{ category_post: { id: number } }>(
      await admin.post('/api/v1/admin/post_categories', {
        data: { name: `Chè và cà phê ${stamp}`, parent_id: root.category_post.id },
      }),
    )
  ).category_post.id;
  const cover = await created<{ image: { id: number } }>(
    await admin.post('/api/v1/images', {
      multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png([40, 140, 70], 96) } },
    }),
  );
  post = (
    await created<{ post: { id: number; slug: string } }>(
      await admin.post('/api/v1/admin/posts', {
        data: {
          title: TITLE,
          summary: SUMMARY,
          body: '<h2>Từ đồi chè</h2><p>Chè được hái vào sáng sớm, sao bằng tay và đóng gói ngay tại hợp tác xã.</p>',
          category_id: leafId,
          cover_id: cover.image.id,
          status: 'published',
        },
      }),
    )
  ).post;
  xssPost = (
    await created<{ post: { slug: string } }>(
      await admin.post('/api/v1/admin/posts', {
        data: {
          title: `Bài kiểm tra <img src=x onerror="window.__xss = 20; alert(20)"> ${stamp}`,
          summary: '<script>alert(21)</script>',
          body: XSS,
          category_id: leafId,
          status: 'published',
        },
      }),
    )
  ).post;
  await created(
    await admin.post('/api/v1/admin/faqs', {
      data: { question: QUESTION, answer: `<p>${ANSWER}</p>`, group: `Tem QR ${stamp}`, position: 0, published: true },
    }),
  );
  const vectors = [XSS, ...XSS_VECTORS];
  for (const [i, answer] of vectors.entries()) {
    await created(
      await admin.post('/api/v1/admin/faqs', {
        data: {
          // The question is plain text: shown as typed, never as markup.
          question: `Kiểm tra XSS ${stamp} số ${i + 1} <img src=x onerror="window.__xss = 99; alert(99)">`,
          answer: `<p>Câu trả lời an toàn số ${i + 1}.</p>${answer}`,
          group: `Kiểm tra XSS ${stamp}`,
          position: i,
          published: true,
        },
      }),
    );
  }
});

test.afterAll(async () => {
  await admin?.dispose();
});

test('the HTML of a post carries its share tags (read from the raw answer, not the DOM)', async () => {
  // The default platform of a host that names none is DTrack; its links use its own origin.
  const res = await request.newContext().then((c) => c.get(`http://localhost:${port}/news/${post.slug}`));
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const origin = `http://dtrack.localhost:${port}`;
  expect(tag('og:title')).toBe(TITLE);
  expect(tag('og:description')).toBe(SUMMARY);
  expect(tag('og:type')).toBe('article');
  expect(tag('og:url')).toBe(`${origin}/news/${post.slug}`);
  expect(tag('og:image')).toMatch(new RegExp(`^${origin}/uploads/.+\\.(png|webp|jpe?g)$`));
  expect(tag('og:site_name')).toBe('DTrack');
  expect(tag('twitter:card')).toBe('summary_large_image');
  expect(html).toContain(`<link rel="canonical" href="${origin}/news/${post.slug}" />`);
  expect(html).toContain(`<title>${TITLE} · DTrack</title>`);
  // The image is served where the tag says.
  const image = await request
    .newContext()
    .then((c) => c.get(tag('og:image')!.replace(origin, `http://localhost:${port}`)));
  expect(image.status()).toBe(200);
  // A draft's page is a 404.
  const draft = await admin.post('/api/v1/admin/posts', {
    data: { title: `Bản nháp ${stamp}`, body: '<p>Chưa công bố</p>', category_id: leafId, status: 'draft' },
  });
  const { post: d } = await created<{ post: { slug: string } }>(draft);
  const hidden = await request.newContext().then((c) => c.get(`http://localhost:${port}/news/${d.slug}`));
  expect(hidden.status()).toBe(404);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a visitor reads the news, opens a post and finds it again by searching without accents', async ({ page }) => {
    test.slow(); // the first page of a fresh server on a loaded machine
    await page.goto(urlFor('dtrack', '/news'));
    const list = page.getByTestId('post-list');
    const card = list.getByTestId('post-card').filter({ hasText: TITLE });
    await expect(card).toBeVisible({ timeout: 90_000 });
    await expect(page).toHaveTitle('Tin tức · DTrack');
    await expect(card).toContainText(SUMMARY);
    // Covers are lazy and sized (no layout shift); the page fits the phone.
    await expect(card.locator('img.cover')).toHaveAttribute('loading', 'lazy');
    await expect(card.locator('img.cover')).toHaveAttribute('width', '640');
    await expectNoSideScroll(page);
    // The category tree is in a drawer on a phone.
    await expect(page.getByTestId('category-sidebar')).toBeHidden();
    await page.getByTestId('category-drawer-open').click();
    const drawer = page.getByTestId('category-drawer');
    await expect(drawer.getByTestId('category-link').filter({ hasText: `Chè và cà phê ${stamp}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/news/${post.slug}$`));
    const article = page.getByTestId('post');
    await expect(page.getByTestId('post-title')).toHaveText(TITLE);
    await expect(page.getByTestId('post-date')).toContainText(/Đăng lúc \d\d:\d\d \d\d\/\d\d\/\d{4}/);
    await expect(page.getByTestId('post-breadcrumb')).toContainText(`Nông sản ${stamp}`);
    await expect(page.getByTestId('post-breadcrumb')).toContainText(`Chè và cà phê ${stamp}`);
    await expect(page.getByTestId('post-body').getByRole('heading', { name: 'Từ đồi chè' })).toBeVisible();
    await expect(
      article.getByTestId('share-links').getByRole('link', { name: 'Chia sẻ lên Facebook' }),
    ).toHaveAttribute('href', new RegExp(`facebook\\.com/sharer/sharer\\.php\\?u=.*${post.slug}`));
    await expect(page.getByTestId('contact-form')).toBeVisible();
    await expect(page).toHaveTitle(`${TITLE} · DTrack`);
    await expectNoSideScroll(page);

    // Back to the news from the header, then the search without accents.
    await page.getByTestId('nav-news').click();
    await page.getByTestId('news-search').fill('truy xuat');
    await page.getByTestId('news-search').press('Enter');
    await expect(page).toHaveURL(/\/news\?q=truy\+xuat$/);
    await expect(page.getByTestId('news-results')).toContainText('kết quả cho “truy xuat”');
    await expect(page.getByTestId('post-list').getByTestId('post-card').filter({ hasText: TITLE })).toBeVisible();
  });
});

test('a visitor opens an answer on /faqs and asks for advice; support moves the lead to "made call"', async ({
  page,
}) => {
  test.setTimeout(180_000); // a fresh server's first pages and the back office's chunks on a loaded machine
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(urlFor('dtrack', `/faqs?q=${encodeURIComponent(`in tem qr truy xuat cho lo che ${stamp}`)}`));
  const item = page.getByTestId('faq-item').filter({ hasText: QUESTION });
  await expect(item).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveTitle('Câu hỏi thường gặp · DTrack');
  // The accordion: a button that says whether its answer is shown, by mouse and by keyboard.
  const question = item.getByTestId('faq-question');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(item.getByTestId('faq-answer')).toBeHidden();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByRole('region', { name: QUESTION })).toContainText(ANSWER);
  await question.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'true');

  // The contact form: without the consent, the message under the box, nothing sent, the typing kept.
  const form = page.getByTestId('contact-form');
  await form.getByTestId('contact-name').fill(LEAD);
  await form.getByTestId('contact-phone').fill('0987654321');
  await form.getByTestId('contact-email').fill(`khach-${stamp}@example.vn`);
  await form.getByTestId('contact-company').fill('HTX Chè Tân Cương');
  await form.getByTestId('contact-topic').selectOption('traceability');
  await form.getByTestId('contact-message').fill('Tôi muốn in tem QR cho 2.000 gói chè.');
  await form.getByTestId('contact-submit').click();
  const refused = 'Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.';
  await expect(form.getByTestId('contact-consent-error')).toHaveText(refused);
  await expect(form.getByTestId('contact-consent')).toBeFocused();
  await expect(form.getByTestId('contact-sent')).toHaveCount(0);
  await expect(form.getByTestId('contact-name')).toHaveValue(LEAD);
  await expect(form.getByRole('link', { name: 'chính sách bảo mật thông tin' })).toHaveAttribute(
    'href',
    '/information-security',
  );
  await form.getByTestId('contact-consent').check();
  await expect(form.getByTestId('contact-consent-error')).toHaveCount(0);
  await form.getByTestId('contact-submit').click();
  await expect(form.getByTestId('contact-sent')).toContainText('Đã gửi yêu cầu');
  await expect(form.getByTestId('contact-sent')).toContainText('Cảm ơn bạn đã liên hệ!');
  await expectNoSideScroll(page);

  // Support finds the lead (accent-free search) and moves it: new → not reached → called.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'dtrack', demo('support', 'dtrack'), '/admin/client-messages');
  const search = page.getByTestId('message-search').locator('xpath=descendant-or-self::input');
  await search.fill(`le thi khach tin ${stamp}`);
  await search.press('Enter');
  const row = page.getByTestId('message-row').filter({ hasText: LEAD });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('message-status')).toHaveText('Mới');
  await row.click();
  const detail = page.getByTestId('message-detail');
  await expect(detail).toContainText('HTX Chè Tân Cương');
  await detail.getByTestId('message-moves').getByTestId('move-no_contact_yet').click();
  await expect(detail).toHaveAttribute('data-status', 'no_contact_yet');
  await detail.getByTestId('message-moves').getByTestId('move-made_call').click();
  await expect(detail).toHaveAttribute('data-status', 'made_call');
  await expect(detail.getByTestId('detail-status')).toHaveText('Đã gọi điện');
});

test('the information-security page is named as its footer link, gives the platform’s contact address and has the contact form', async ({
  page,
}) => {
  await page.goto(urlFor('dtrack', '/information-security'));
  const notice = page.getByTestId('security-page');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Chính sách bảo mật thông tin');
  await expect(page.getByTestId('footer-security')).toHaveText('Chính sách bảo mật thông tin');
  await expect(notice.getByRole('link', { name: 'lienhe@dtrack.demo' })).toHaveAttribute(
    'href',
    'mailto:lienhe@dtrack.demo',
  );
  await expect(page.getByTestId('contact-form')).toBeVisible();
});

test("the producer's News entry on DTrack loads the public news page (a full page load)", async ({ page }) => {
  test.slow(); // the signed-in frame, then the public page
  await signIn(page, 'dtrack', demo('producer', 'dtrack'));
  const entry = page.getByTestId('side-menu').getByTestId('menu-news');
  await expect(entry).toHaveAttribute('href', '/news');
  await page.evaluate(() => ((window as unknown as { __spa?: boolean }).__spa = true));
  await entry.click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByTestId('post-list').getByTestId('post-card').filter({ hasText: TITLE })).toBeVisible();
  // A new document: the app's state is gone, the light entry has no side menu.
  expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBeUndefined();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
});

test('rich text with the OWASP XSS vectors runs nothing on the public post and FAQ pages', async ({ page }) => {
  test.slow(); // two public pages on a loaded machine
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Scripts the page's CSP had to refuse (a refusal means markup that runs got through the cleaning).
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      if (/^(script|object|frame|default)/.test(e.violatedDirective))
        w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const nothingRan = async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(dialogs, 'dialogs').toEqual([]);
  };
  const clean = async (root: Locator) => {
    await expect(
      root.locator('script, iframe, frame, object, embed, applet, svg, math, form, input, meta, base, link, style'),
    ).toHaveCount(0);
    await expect(
      root.locator('[onerror], [onload], [onfocus], [ontoggle], [onclick], [onmouseover], [style], [srcdoc]'),
    ).toHaveCount(0);
    await expect(
      root.locator('[href*="script:" i], [src*="script:" i], [href^="data:" i], [src^="data:" i]'),
    ).toHaveCount(0);
  };

  await page.goto(urlFor('dtrack', `/news/${xssPost.slug}`));
  const body = page.getByTestId('post-body');
  await expect(body).toContainText('Văn bản an toàn vẫn còn.', { timeout: 90_000 });
  await expect(page.getByTestId('post-title')).toContainText('Bài kiểm tra');
  await clean(body);
  // Every link the cleaned text kept leads nowhere harmful: clicked, nothing runs, the page stays.
  const here = page.url();
  for (const link of await body.locator('a').all()) await link.click();
  expect(page.url()).toBe(here);
  await nothingRan();

  // All the answers at once (one page), each opened.
  await page.goto(urlFor('dtrack', `/faqs?q=${encodeURIComponent(`kiem tra xss ${stamp}`)}`));
  const items = page.getByTestId('faq-item');
  await expect(items).toHaveCount(XSS_VECTORS.length + 1, { timeout: 90_000 });
  await expect(items.first().getByTestId('faq-question')).toContainText('<img src=x onerror=');
  for (const question of await items.getByTestId('faq-question').all()) await question.click();
  await expect(items.getByTestId('faq-answer').filter({ visible: true })).toHaveCount(XSS_VECTORS.length + 1);
  await expect(items.last().getByTestId('faq-answer')).toContainText(
    `Câu trả lời an toàn số ${XSS_VECTORS.length + 1}.`,
  );
  await clean(page.getByTestId('faq-list'));
  await page.waitForTimeout(300); // a late onerror/onload would have fired by now
  await nothingRan();
});

/** The page is no wider than the screen (nothing scrolls sideways on a phone). */
async function expectNoSideScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width on the phone').toBeLessThanOrEqual(client);
}
