import { request, type Locator, type Page } from '@playwright/test';
import { slugify } from '@agrihub/contract/schemas/content';
import { demo, expect as baseExpect, port, signIn, test, urlFor } from '../support/fixtures';
import { png } from '../support/png';

// DESIGN §5.4, the back office's content on DTrack: the administrator writes a post in the rich text
// editor (a cover, a heading, a list, a link — a javascript: link refused —, an image), files it under
// a leaf of the demo category tree, schedules it about a minute ahead in Vietnam time (refused first
// without a time) and finds it listed as scheduled, with its preview. While its time comes: the
// category tree (a category and a sub-category added, the sub-category renamed, a non-empty one's
// deletion refused with the server's reason) and an FAQ on /admin/faqs. Then the post is public:
// listed by the client API, on /news and in the sitemap.

// A loaded machine (several runs at once) answers slowly: web-first waits of 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const stamp = Date.now().toString(36);
const parentName = `Chuyên mục E2E ${stamp}`;
const leafName = `Tin thử ${stamp}`;
const leafRenamed = `Tin thử nghiệm ${stamp}`;
const title = `Vụ cà phê Đắk Lắk ${stamp} được mùa`;
const LINK = 'https://dtrack.vn/tin-tuc';
const question = `Bài viết hẹn giờ hiện lúc nào? ${stamp}`;
/** A leaf of the demo category tree (apps/server/src/db/seed/content-data.ts). */
const LEAF = 'Thị trường nông sản';
const LEAF_PATH = `Tin tức > ${LEAF}`;

/** The Vietnamese wall clock of an instant, as the pickers take it: DD/MM/YYYY HH:mm. */
function vnClock(ms: number): string {
  const d = new Date(ms + 7 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** A category's node in the manager's tree, by its name. */
const node = (page: Page, name: string) => page.getByTestId('category-node').and(page.locator(`[data-name="${name}"]`));

/** Fills and saves the category dialog; waits until it is gone. */
async function saveCategory(page: Page, name: string) {
  const modal = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('category-form') });
  await modal.getByTestId('category-name').fill(name);
  await modal.getByTestId('category-save').click();
  await expect(modal).toBeHidden();
}

/** The editor's editable area, with the caret at its end. */
async function editorEnd(editor: Locator) {
  const content = editor.getByRole('textbox');
  await content.click();
  await content.press('Control+End');
  return content;
}

test('an admin writes and schedules a post with the rich text editor, manages categories and adds an FAQ; the post goes public at its time', async ({
  page,
}) => {
  // One sign-in and a handful of page loads; the wait for the scheduled time (1–2 minutes) is spent
  // on the categories and the FAQ.
  test.setTimeout(300_000);
  let postId = 0;

  await test.step('sign in on the posts list', async () => {
    await signIn(page, 'dtrack', demo('admin', 'dtrack'), '/admin/posts');
    await expect(page.getByTestId('admin-posts')).toBeVisible();
  });

  await test.step('write the post: title, slug, summary, leaf category, cover', async () => {
    await page.getByTestId('add-post').click();
    await expect(page.getByTestId('post-editor')).toBeVisible();
    await page.getByTestId('post-title-input').fill(title);
    // The slug follows the title, without accents.
    await expect(page.getByTestId('post-slug')).toHaveValue(slugify(title));
    await page.getByTestId('post-summary').fill('Nông dân Đắk Lắk thu hoạch vụ cà phê năng suất cao.');
    // A leaf of the tree, its path shown once chosen.
    const category = page.getByTestId('post-category');
    await expect(async () => {
      await category.click();
      await category.locator('input').fill(LEAF);
      await page.locator('.ant-select-dropdown:visible').getByTitle(LEAF, { exact: true }).click({ timeout: 3_000 });
      await expect(category).toContainText(LEAF_PATH, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page
      .getByTestId('post-cover-upload')
      .setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: png([120, 80, 40], 96) });
    await expect(page.getByTestId('post-cover-preview')).toBeVisible();
  });

  await test.step('the body in the editor: a heading, a list, a link (javascript: refused), an image', async () => {
    const editor = page.getByTestId('post-body');
    const toolbar = editor.getByRole('toolbar', { name: 'Thanh công cụ soạn thảo' });
    await expect(toolbar).toBeVisible();
    // Every tool has an accessible name.
    for (const button of await toolbar.getByRole('button').all())
      expect(await button.getAttribute('aria-label')).toBeTruthy();
    const content = await editorEnd(editor);
    const type = (text: string) => page.keyboard.insertText(text);
    await toolbar.getByRole('button', { name: 'Tiêu đề mục H2' }).click();
    await type('Thu hoạch sớm');
    await content.press('Enter');
    await type('Năm nay vụ cà phê cho năng suất cao.');
    await content.press('Enter');
    await toolbar.getByRole('button', { name: 'Danh sách dấu đầu dòng' }).click();
    await type('Giá tốt');
    await content.press('Enter');
    await type('Chất lượng đồng đều');
    await content.press('Enter');
    await content.press('Enter');
    await type('Chi tiết xem tại ');
    await toolbar.getByRole('button', { name: 'Chèn liên kết' }).click();
    const linkDialog = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('rte-link-url') });
    await linkDialog.getByTestId('rte-link-url').fill('javascript:alert(1)');
    await linkDialog.getByTestId('rte-link-apply').click();
    await expect(linkDialog).toContainText('Địa chỉ không hợp lệ');
    await linkDialog.getByTestId('rte-link-url').fill(LINK);
    await linkDialog.getByTestId('rte-link-apply').click();
    await expect(linkDialog).toBeHidden();
    await expect(content.locator(`a[href="${LINK}"]`)).toHaveText(LINK);
    await (await editorEnd(editor)).press('Enter');
    await editor
      .getByTestId('rte-image-upload')
      .setInputFiles({ name: 'anh.png', mimeType: 'image/png', buffer: png([40, 140, 60], 64) });
    await expect(content.locator('img')).toHaveCount(1);
    await expect(content.locator('h2')).toHaveText('Thu hoạch sớm');
    await expect(content.locator('ul > li')).toHaveCount(2);
    // The share card follows the fallbacks: the title, then the summary.
    await expect(page.getByTestId('share-card-title')).toHaveText(title);
    await expect(page.getByTestId('share-card-description')).toContainText('Nông dân Đắk Lắk');
  });

  await test.step('schedule it: refused without a time, saved ~1 minute ahead in Vietnam time', async () => {
    await page.getByTestId('schedule').click();
    await expect(page.getByText('Vui lòng chọn thời điểm đăng bài.')).toBeVisible();
    const publishAt = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    const picker = page.getByTestId('post-publish-at');
    await expect(picker).toHaveAttribute('placeholder', 'Chọn ngày giờ');
    await picker.click();
    await picker.fill(vnClock(publishAt));
    await picker.press('Enter');
    await expect(picker).toHaveValue(vnClock(publishAt));
    await page.getByTestId('schedule').click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
    postId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('post-state')).toContainText('Hẹn giờ đăng');
    await expect(page.getByTestId('post-state')).toContainText(vnClock(publishAt).slice(-5));
    await expect(page.getByTestId('post-history').getByTestId('history-action').first()).toBeVisible();
  });

  await test.step('listed as scheduled; its preview shows the stored HTML and the resolved meta', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Danh sách bài viết' }).click();
    const row = page.locator(`[data-testid="post-row"][data-id="${postId}"]`);
    await expect(row).toHaveAttribute('data-status', 'scheduled');
    await expect(row.getByTestId('post-status')).toHaveText('Hẹn giờ đăng');
    await expect(row).toContainText(LEAF_PATH);
    await page.getByTestId('post-count-scheduled').click();
    await expect(page).toHaveURL(/status=scheduled/);
    await expect(row).toBeVisible();
    await row.getByTestId('post-preview').click();
    const preview = page.getByTestId('content-preview');
    await expect(preview.getByTestId('preview-title')).toHaveText(title);
    await expect(preview.getByTestId('preview-body').locator('h2')).toHaveText('Thu hoạch sớm');
    await expect(preview.getByTestId('preview-body').locator(`a[href="${LINK}"]`)).toBeVisible();
    await expect(preview.getByTestId('preview-meta-title')).toHaveText(title);
    await expect(preview.getByTestId('preview-meta-description')).toContainText('Nông dân Đắk Lắk');
    await preview.locator('.ant-drawer-close').click();
    await expect(preview).toBeHidden();
  });

  await test.step('categories: add a category and a sub-category, rename it; a non-empty one stays', async () => {
    await page.getByTestId('manage-categories').click();
    const drawer = page.getByTestId('categories-drawer');
    await drawer.getByTestId('category-add-root').click();
    await saveCategory(page, parentName);
    await expect(node(page, parentName)).toBeVisible();
    await node(page, parentName).getByTestId('category-add-child').click();
    await saveCategory(page, leafName);
    await expect(node(page, leafName)).toBeVisible();
    await node(page, leafName).getByTestId('category-edit').click();
    await expect(page.getByTestId('category-name')).toHaveValue(leafName);
    await saveCategory(page, leafRenamed);
    await expect(node(page, leafRenamed)).toBeVisible();
    await expect(node(page, leafName)).toHaveCount(0);
    // A category with a sub-category cannot be deleted: the server says why.
    await node(page, parentName).getByTestId('category-delete').click();
    await page.getByTestId('category-delete-confirm').click();
    await expect(drawer.getByTestId('category-refusal')).toContainText(`Không thể xóa danh mục "${parentName}"`);
    await expect(node(page, parentName)).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  });

  await test.step('an FAQ from the menu (FAQs are on every platform)', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Câu hỏi thường gặp' }).click();
    await expect(page.getByTestId('admin-faqs')).toBeVisible();
    await page.getByTestId('add-faq').click();
    const faqDrawer = page.getByTestId('faq-drawer');
    await faqDrawer.getByTestId('faq-question').fill(question);
    await faqDrawer.getByTestId('faq-answer-content').click();
    await page.keyboard.insertText('Bài viết tự hiển thị khi đến giờ hẹn.');
    await faqDrawer.getByTestId('faq-group').locator('input').fill(`Tin tức ${stamp}`);
    await faqDrawer.getByTestId('faq-position').fill('3');
    await faqDrawer.getByTestId('faq-save').click();
    await expect(faqDrawer).toBeHidden();
    const faqRow = page.getByTestId('faq-row').filter({ hasText: question });
    await expect(faqRow).toContainText(`Tin tức ${stamp}`);
    await expect(faqRow.getByTestId('faq-visibility')).toHaveText('Đang hiển thị');
  });

  await test.step('public once its time has come: client API, /news, sitemap', async () => {
    const client = await request.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      extraHTTPHeaders: { Platform: 'dtrack', locale: 'vi' },
    });
    await expect
      .poll(
        async () => {
          const res = await client.get('/api/v1/client/posts', { params: { q: stamp, per_page: 10 } });
          const body = (await res.json()) as { data?: { posts: { id: number }[] } };
          return body.data?.posts.map((p) => p.id) ?? [];
        },
        { timeout: 180_000, intervals: [5_000] },
      )
      .toContain(postId);
    await client.dispose();
    await page.goto(urlFor('dtrack', `/news?q=${stamp}`));
    await expect(page.getByTestId('post-list').getByTestId('post-card').filter({ hasText: title })).toBeVisible();
    // The sitemap of the platform's host (the browser resolves *.localhost, Node does not).
    const sitemap = await page.goto(urlFor('dtrack', '/sitemap.xml'));
    expect(sitemap?.status()).toBe(200);
    expect(await sitemap!.text()).toContain(`/news/${slugify(title)}`);
  });
});
