import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { as, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { buildPostCategory, buildUser, type Built } from '../../test/factories.js';
import { XSS_VECTORS } from '../../test/fixtures/xss-vectors.js';
import { cleanRichText, isEmptyRichText, plainText } from './rich-text.js';

/** The tags the allow-list keeps (ADR 016); anything else in a cleaned text is a failure. */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'code',
  'pre',
  'figure',
  'figcaption',
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'class'],
  td: ['colspan', 'rowspan', 'class'],
};
const ALIGNABLE = new Set(['p', 'h2', 'h3', 'h4', 'li', 'blockquote', 'figcaption']);

/** What a browser would make of a URL attribute: entities decoded (by the parser), controls and spaces gone, lower case. */
const normalisedUrl = (v: string) =>
  [...v]
    .filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f))
    .join('')
    .toLowerCase();

/**
 * Parses cleaned HTML as a browser would and lists every way it could still run script or hide
 * content: a tag or attribute outside the allow-list, an on* handler, a style, a URL with a
 * scheme other than http(s)/mailto/tel (javascript:, vbscript:, data:…) or protocol-relative.
 */
function problems(html: string): string[] {
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const out: string[] = [];
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    if (!ALLOWED_TAGS.has(el.name)) out.push(`tag <${el.name}>`);
    const allowed = [...(ALLOWED_ATTRIBUTES[el.name] ?? []), ...(ALIGNABLE.has(el.name) ? ['class'] : [])];
    for (const [name, value] of Object.entries(el.attribs)) {
      if (name.startsWith('on')) out.push(`handler ${name} on <${el.name}>`);
      if (!allowed.includes(name)) out.push(`attribute ${name} on <${el.name}>`);
      if (name === 'class' && !/^text-(left|center|right|justify)$/.test(value)) out.push(`class "${value}"`);
      if (name === 'href' || name === 'src') {
        const url = normalisedUrl(value);
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
        const ok = name === 'src' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
        if (scheme ? !ok.includes(scheme) : url.startsWith('//') || url.startsWith('\\'))
          out.push(`url ${name}="${value}" on <${el.name}>`);
        if (name === 'src' && !scheme && !url.startsWith('/uploads/')) out.push(`image source "${value}"`);
      }
    }
    if (el.name === 'a' && el.attribs.rel !== 'noopener noreferrer nofollow') out.push('link without rel');
    if (el.name === 'a' && el.attribs.target !== undefined && el.attribs.target !== '_blank') out.push('target');
  }
  return out;
}

describe('cleanRichText', () => {
  it('keeps what the editor makes: headings, lists, links, images, tables, quotes, code, figures', () => {
    const html = [
      '<h2>Tiêu đề</h2><h3>Mục</h3><h4>Ý</h4>',
      '<p>Đoạn <strong>đậm</strong> <em>nghiêng</em> <u>gạch</u> <s>xóa</s> <code>x</code><br>xuống dòng</p>',
      '<ul><li>Một</li></ul><ol><li>Hai</li></ol><blockquote><p>Trích</p></blockquote><hr>',
      '<pre><code>mã</code></pre>',
      '<figure><img src="/uploads/dtrack/a.jpg" alt="Ảnh" width="640" height="480"><figcaption>Chú thích</figcaption></figure>',
      '<table><thead><tr><th colspan="2">Giá</th></tr></thead><tbody><tr><td rowspan="2">Lúa</td><td>7.000 đ</td></tr></tbody></table>',
    ].join('');
    expect(cleanRichText(html)).toBe(
      html
        .replace('<br>', '<br />')
        .replace('<hr>', '<hr />')
        .replace(/(<img[^>]*)>/, '$1 />'),
    );
  });

  it('gives every link our rel; target only _blank; keeps http(s), mailto, tel and relative links', () => {
    expect(cleanRichText('<a href="https://dtrack.vn" rel="opener" target="_top">x</a>')).toBe(
      '<a href="https://dtrack.vn" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(cleanRichText('<a href="mailto:hotro@dtrack.vn" target="_blank">m</a>')).toBe(
      '<a href="mailto:hotro@dtrack.vn" target="_blank" rel="noopener noreferrer nofollow">m</a>',
    );
    expect(cleanRichText('<a href="tel:+84912345678">t</a><a href="/news/1">r</a>')).toBe(
      '<a href="tel:+84912345678" rel="noopener noreferrer nofollow">t</a><a href="/news/1" rel="noopener noreferrer nofollow">r</a>',
    );
  });

  it('keeps images from the web or the uploads only, with numeric sizes', () => {
    expect(cleanRichText('<img src="https://cdn.vn/a.png" width="100px" height="50">')).toBe(
      '<img src="https://cdn.vn/a.png" height="50" />',
    );
    expect(
      cleanRichText('<p>a<img src="/etc/passwd"><img src="../x.png"><img src="data:image/png;base64,AA"></p>'),
    ).toBe('<p>a</p>');
  });

  it('turns a text-align style into a class and drops every other style and class', () => {
    expect(cleanRichText('<p style="text-align: center; color: red" class="evil">x</p>')).toBe(
      '<p class="text-center">x</p>',
    );
    expect(
      cleanRichText(
        '<h2 class="text-right big">x</h2><table><tr><td style="text-align:justify" class="x">y</td></tr></table>',
      ),
    ).toBe('<h2 class="text-right">x</h2><table><tr><td class="text-justify">y</td></tr></table>');
    expect(cleanRichText('<p style="display:none">ẩn</p>')).toBe('<p>ẩn</p>');
  });

  it('knows an empty text (no words, no image)', () => {
    expect(isEmptyRichText(cleanRichText('<p> </p><script>x</script>'))).toBe(true);
    expect(isEmptyRichText(cleanRichText('<p><img src="/uploads/a.jpg"></p>'))).toBe(false);
    expect(isEmptyRichText(cleanRichText('<p>a</p>'))).toBe(false);
  });

  it('has a checker that sees what the vectors carry (so a clean result means something)', () => {
    const unseen = XSS_VECTORS.filter((v) => problems(`<p>Trước</p>${v}<p>Sau</p>`).length === 0);
    expect(unseen).toEqual(['¼script¾alert(¢XSS¢)¼/script¾']);
  });

  it.each(XSS_VECTORS.map((v, i) => [i, v]))('neutralises OWASP vector %i', (_i, vector) => {
    const cleaned = cleanRichText(`<p>Trước</p>${vector}<p>Sau</p>`);
    expect(problems(cleaned), cleaned).toEqual([]);
  });
});

describe('plainText', () => {
  it('decodes entities, separates blocks, drops script text and cuts at a word with …', () => {
    expect(plainText('<h2>Giá&nbsp;lúa</h2><p>Tăng &amp; giảm</p><script>x()</script>', 100)).toBe(
      'Giá lúa Tăng & giảm',
    );
    const cut = plainText(`<p>${'nông sản sạch '.repeat(30)}</p>`, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('sạch…') || cut.endsWith('sản…') || cut.endsWith('nông…')).toBe(true);
  });
});

describe('every rich-text field through the API', () => {
  let t: TestApp;
  let admin: Built;
  let categoryId: number;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    categoryId = (await buildPostCategory(t.db, { platform: 'agrihub' })).id;
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: as(admin), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return json(res).data;
  };
  const publicGet = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: headers('agrihub'),
      remoteAddress: `10.90.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };

  it('stores and answers no script, handler, dangerous URL or embedding tag from any OWASP vector', async () => {
    for (const [i, vector] of XSS_VECTORS.entries()) {
      const text = `<p>Trước ${i}</p>${vector}<p>Sau</p>`;
      const post = (
        await send('POST', '/api/v1/admin/posts', {
          title: `Bài ${i}`,
          body: text,
          category_id: categoryId,
          status: 'published',
        })
      ).post;
      const faq = (await send('POST', '/api/v1/admin/faqs', { question: `Câu ${i}?`, answer: text, group: 'XSS' })).faq;
      const page = (
        await send('POST', '/api/v1/admin/page_views', {
          slug: `xss-${i}`,
          title: `Trang ${i}`,
          body: text,
          status: 'published',
        })
      ).page_view;
      // An update goes through the same cleaning.
      const updated = (
        await send('PUT', `/api/v1/admin/posts/${post.id}`, {
          title: `Bài ${i}`,
          body: `<p>Mở đầu</p>${vector}${text}`,
          category_id: categoryId,
          status: 'published',
        })
      ).post;
      const publicPost = (await publicGet(`/api/v1/client/posts/${post.id}`)).post;
      const publicPage = (await publicGet(`/api/v1/client/page_views/xss-${i}`)).page_view;
      for (const [where, html] of [
        ['post body', post.body],
        ['updated post body', updated.body],
        ['public post body', publicPost.body],
        ['faq answer', faq.answer],
        ['page view body', page.body],
        ['public page view body', publicPage.body],
      ] as const) {
        expect(problems(html as string), `${where} of vector ${i}: ${html}`).toEqual([]);
      }
    }
    const faqs = (await publicGet('/api/v1/client/faqs')).faqs as { answer: string }[];
    expect(faqs).toHaveLength(XSS_VECTORS.length);
    for (const f of faqs) expect(problems(f.answer), f.answer).toEqual([]);
  }, 240_000);
});
