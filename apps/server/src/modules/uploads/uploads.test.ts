import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { IMAGE_MAX_BYTES, ATTACHMENT_MAX_BYTES, JSON_BODY_MAX_BYTES } from '@agrihub/contract';
import { uploads } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { cleanFilename } from './receive.js';
import { sniffAttachment, zipEntryNames } from './sniff.js';

let t: TestApp;
let u: Built;
beforeAll(async () => {
  t = await createTestApp();
  u = await buildUser(t.db);
});
afterAll(() => t.close());

type FilePart = Parameters<typeof multipart>[0];
const send = (url: string, file: FilePart, h: Record<string, string> = as(u)) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': body.contentType }, payload: body.payload });
};
const image = (file: FilePart, h?: Record<string, string>) => send('/api/v1/images', file, h);
const attachment = (file: FilePart, h?: Record<string, string>) => send('/api/v1/attachments', file, h);

const photo = (format: 'png' | 'jpeg' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 2, g: 145, b: 71 } } })
    .toFormat(format)
    .toBuffer();

/** A stored ZIP (no compression) with the given entries. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
const docx = () => zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });

describe('POST /api/v1/images', () => {
  it('stores a PNG with a 320 px WebP thumbnail, a row in uploads, served with its type and nosniff', async () => {
    const res = await image({ filename: 'ảnh sản phẩm.png', contentType: 'image/png', data: await photo('png') });
    expect(res.statusCode).toBe(201);
    const img = json(res).data.image;
    expect(img).toMatchObject({ content_type: 'image/png', filename: 'ảnh sản phẩm.png' });
    expect(img.url).toMatch(/^\/uploads\/dtrack\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(img.thumbnail_url).toMatch(/^\/uploads\/dtrack\/\d{4}\/\d{2}\/[0-9a-f]{32}-thumb\.webp$/);

    const served = await t.app.inject({ url: img.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(img.byte_size);

    const thumb = await t.app.inject({ url: img.thumbnail_url });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, img.id));
    expect(row).toMatchObject({ platform: 'dtrack', userId: u.user.id, kind: 'image', contentType: 'image/png', byteSize: img.byte_size });
  });

  it('re-encodes JPEG and WebP without their metadata (EXIF/GPS)', async () => {
    const withExif = await sharp(await photo('jpeg'))
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'GPS 21.0,105.8' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await image({ filename: 'camera.jpg', data: withExif });
    expect(res.statusCode).toBe(201);
    const img = json(res).data.image;
    expect(img.content_type).toBe('image/jpeg');
    const stored = await t.app.inject({ url: img.url });
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();

    const webp = await image({ filename: 'x.webp', data: await photo('webp', 100, 50) });
    expect(webp.statusCode).toBe(201);
    expect(json(webp).data.image.content_type).toBe('image/webp');
    // A small image is not enlarged in its thumbnail.
    const thumb = await t.app.inject({ url: json(webp).data.image.thumbnail_url });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(100);
  });

  it('judges the type by content: text named .png → 422 unsupported_file_type listing the accepted types', async () => {
    const res = await image({ filename: 'logo.png', contentType: 'image/png', data: Buffer.from('<svg onload="alert(1)"></svg>') });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toEqual({
      code: 'unsupported_file_type',
      message: 'Định dạng tệp không được hỗ trợ. Chấp nhận: JPEG, PNG, WebP.',
      errors: [{ field: 'file', message: 'Định dạng tệp không được hỗ trợ. Chấp nhận: JPEG, PNG, WebP.' }],
    });
    // A PDF is not an image, whatever its name says.
    expect((await image({ filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('%PDF-1.7\n...') })).statusCode).toBe(422);
    // PNG magic bytes with a broken body fail decoding: still 422, not 500.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await image({ filename: 'b.png', data: broken })).statusCode).toBe(422);
    // A real PNG named .txt is accepted as a PNG.
    const named = await image({ filename: 'notes.txt', contentType: 'text/plain', data: await photo('png', 10, 10) });
    expect(json(named).data.image.content_type).toBe('image/png');
  });

  it('refuses more than 5 MB with 422 file_too_large, and stores nothing', async () => {
    const before = (await t.db.select().from(uploads)).length;
    const big = Buffer.concat([await photo('png', 10, 10), Buffer.alloc(IMAGE_MAX_BYTES + 1)]).subarray(0, IMAGE_MAX_BYTES + 1);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    const res = await image({ filename: 'big.png', data: big });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toMatchObject({ code: 'file_too_large', message: 'Tệp quá lớn: tối đa 5 MB.', errors: [{ field: 'file' }] });
    expect((await t.db.select().from(uploads)).length).toBe(before);
  });

  it('requires a file: no part, an empty file, another field name or a JSON body → 422 file_required', async () => {
    for (const res of [
      await image(null),
      await image({ filename: 'empty.png', data: Buffer.alloc(0) }),
      await image({ field: 'photo', filename: 'a.png', data: await photo('png', 10, 10) }),
      await t.app.inject({ method: 'POST', url: '/api/v1/images', headers: as(u), payload: { file: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(json(res).meta).toMatchObject({ code: 'file_required', message: 'Vui lòng chọn tệp để tải lên.' });
    }
  });

  it('needs a live token of this platform', async () => {
    const png = await photo('png', 10, 10);
    expect((await image({ filename: 'a.png', data: png }, headers('dtrack'))).statusCode).toBe(401);
    expect((await image({ filename: 'a.png', data: png }, headers('agrihub', u.token))).statusCode).toBe(401);
    expect((await attachment({ filename: 'a.png', data: png }, headers('dtrack'))).statusCode).toBe(401);
  });
});

describe('POST /api/v1/attachments', () => {
  it('accepts PDF, images, XLSX and DOCX by content, each served with its type and nosniff', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Bảng giá').addRow(['Sản phẩm', 'Giá']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const cases: [string, Buffer, string][] = [
      ['chung-nhan.bin', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'), 'application/pdf'],
      ['bang-gia.dat', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['hop-dong.zip', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['anh', await photo('jpeg', 20, 20), 'image/jpeg'],
    ];
    for (const [filename, data, type] of cases) {
      const res = await attachment({ filename, data });
      expect(res.statusCode, filename).toBe(201);
      const a = json(res).data.attachment;
      expect(a).toMatchObject({ content_type: type, filename, byte_size: data.length, thumbnail_url: null });
      // A document is private until put on something public: read by its uploader with its token.
      expect(a.url).toBe(`/api/v1/uploads/${a.id}/content`);
      const served = await t.app.inject({ url: a.url, headers: as(u) });
      expect(served.statusCode, filename).toBe(200);
      expect(served.rawPayload.equals(data), filename).toBe(true);
      expect(String(served.headers['content-type']).split(';')[0], filename).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses other content whatever its name: text, a plain ZIP, an executable', async () => {
    const accepted = 'PDF, JPEG, PNG, WebP, XLSX, DOCX';
    for (const [filename, data] of [
      ['report.pdf', Buffer.from('hello, not a pdf')],
      ['sheet.xlsx', zip({ 'a.txt': 'x' })],
      ['doc.docx', zip({ 'word/document.xml': '<w/>' })], // no [Content_Types].xml
      ['setup.pdf', Buffer.from('MZ\x90\x00\x03')],
    ] as const) {
      const res = await attachment({ filename, data });
      expect(res.statusCode, filename).toBe(422);
      expect(json(res).meta.message).toBe(`Định dạng tệp không được hỗ trợ. Chấp nhận: ${accepted}.`);
    }
  });

  it('refuses more than 20 MB with 422 file_too_large', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const res = await attachment({ filename: 'big.pdf', data: big });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toMatchObject({ code: 'file_too_large', message: 'Tệp quá lớn: tối đa 20 MB.' });
  });
});

describe('a JSON body over the limit', () => {
  it('is 413 with the limit in the message, in the caller’s language', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    // DTrack speaks Vietnamese only; AgriHub answers an English request in English.
    const agrihub = await buildUser(t.db, { platform: 'agrihub' });
    for (const [who, locale, message] of [
      [u, 'vi', 'Dữ liệu gửi lên quá lớn: tối đa 1 MB.'],
      [agrihub, 'en', 'The data sent is too large: at most 1 MB.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: { ...as(who, locale), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, locale).toBe(413);
      expect(json(res).meta).toEqual({ code: 'body_too_large', message });
    }
  });
});

describe('a file sent where none is read', () => {
  it('is 415 with a message in Vietnamese, and the upload routes still read theirs', async () => {
    // Only the modules that read files accept multipart bodies (plugins/multipart.ts).
    const body = multipart({ filename: 'a.png', contentType: 'image/png', data: await photo('png', 20, 20) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { ...as(u), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).meta).toEqual({ code: 'unsupported_media_type', message: 'Nội dung gửi lên không đúng định dạng.' });
    expect((await image({ filename: 'a.png', contentType: 'image/png', data: await photo('png', 20, 20) })).statusCode).toBe(201);
  });
});

describe('serving stored files', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF');

  it('serves a PDF (and any non-image) as an attachment under its cleaned name, in a CSP sandbox', async () => {
    const res = await attachment({ filename: 'Chứng nhận; đợt 1 – 100%.pdf', data: pdf });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: json(res).data.attachment.url, headers: as(u) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Chung nhan_ dot 1 _ 100_.pdf"; filename*=UTF-8''${encodeURIComponent('Chứng nhận; đợt 1 – 100%.pdf')}`,
    );
    // A name cannot break out of the header or its quotes.
    expect(attachmentDisposition('a"b\r\nSet-Cookie: x=1\\c\'(d).pdf')).toBe(
      `attachment; filename="c'(d).pdf"; filename*=UTF-8''c%27%28d%29.pdf`,
    );
    expect(attachmentDisposition('x"y;z.pdf')).toBe(`attachment; filename="x_y_z.pdf"; filename*=UTF-8''x%22y%3Bz.pdf`);
    const csp = String(served.headers['content-security-policy']).split(';').map((d) => d.trim());
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const head = await t.app.inject({ method: 'HEAD', url: json(res).data.attachment.url, headers: as(u) });
    expect(head.headers['content-disposition']).toMatch(/^attachment; /);
    expect(String(head.headers['content-security-policy'])).toMatch(/sandbox/);
  });

  it('still shows images inline (no attachment, the image CSP)', async () => {
    const res = await image({ filename: 'anh.png', data: await photo('png', 10, 10) });
    const img = json(res).data.image;
    for (const url of [img.url, img.thumbnail_url]) {
      const served = await t.app.inject({ url });
      expect(served.headers['content-disposition'], url).toBeUndefined();
      expect(served.headers['content-security-policy'], url).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    }
    // An image uploaded as a document is private (a scan of an ID card…): a download, read with a token.
    const att = await attachment({ filename: 'scan.jpg', data: await photo('jpeg', 10, 10) });
    const scan = await t.app.inject({ url: json(att).data.attachment.url, headers: as(u) });
    expect(scan.headers['content-disposition']).toMatch(/^attachment; /);
    expect(scan.headers['cache-control']).toBe('private, no-store');
  });
});

describe('stored file names', () => {
  it('strips control, bidi and other format characters (U+202E …) from the stored name', async () => {
    // `hóa đơn<RLO>fdp.exe` reads as `hóa đơnexe.pdf`: the override must not survive.
    const res = await attachment({ filename: 'ho\u0301a \u0111\u01a1n\u202Efdp.exe\u0007\u001b\u200B\u2066x\u2069\u200F\uFEFF.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') });
    expect(res.statusCode).toBe(201);
    const a = json(res).data.attachment;
    expect(a.filename).toBe('hóa đơnfdp.exex.pdf');
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, a.id));
    expect(row.filename).toBe('hóa đơnfdp.exex.pdf');
    const img = json(await image({ filename: 'a\u202Egnp.js\u0085\u2028.png', data: await photo('png', 10, 10) })).data.image;
    expect(img.filename).toBe('agnp.js.png');
  });

  it('cleans names: no path, C0/C1 controls, bidi controls, separators; NFC; a name left empty is "file"', () => {
    expect(cleanFilename('..\\..\\etc/pass\u0000wd')).toBe('passwd');
    expect(cleanFilename('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C')).toBe('file');
    expect(cleanFilename('a\u0080\u009fb\u00adc\u2029d')).toBe('abcd');
    expect(cleanFilename('Cu\u0309 ca\u0309i.pdf')).toBe('Củ cải.pdf');
    expect(cleanFilename(undefined)).toBe('file');
    expect(Array.from(cleanFilename('😀'.repeat(300)))).toHaveLength(200);
    expect(cleanFilename('😀'.repeat(300))).toBe('😀'.repeat(200));
  });
});

describe('sniffing', () => {
  it('reads ZIP entry names and tells xlsx from docx', () => {
    expect(zipEntryNames(docx())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(zipEntryNames(Buffer.from('PK\x03\x04garbage'))).toBeNull();
    expect(sniffAttachment(zip({ '[Content_Types].xml': '', 'xl/workbook.xml': '' }))?.ext).toBe('xlsx');
    expect(sniffAttachment(Buffer.alloc(0))).toBeNull();
  });
});
