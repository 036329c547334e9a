import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import type { SaleChannelSnapshot } from '../../../db/schema/index.js';
import { csvField, escapeXml } from '../../../lib/file-text.js';
import { feedCsv, feedXml } from './feed.js';

const item: SaleChannelSnapshot = {
  id: 'ABC',
  title: 'Gạo ST25 <loại "1"> & \'thơm\'\u0001',
  description: 'Dòng 1,\r\ndòng 2',
  link: 'https://agrihub.example/trace/p/ABC',
  image_link: null,
  additional_image_links: [],
  price_vnd: 35_000,
  availability: 'out_of_stock',
  brand: 'HTX A&B',
  gtin: null,
  condition: 'new',
};

describe('feed text', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml('a<b>&"c\'\u0000\u001f\ud800')).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    const doc = new XMLParser({ parseTagValue: false }).parse(
      feedXml({ title: 'T & C', link: 'x', description: '' }, [item]),
    );
    expect(doc.rss.channel.title).toBe('T & C');
    expect(doc.rss.channel.item).toMatchObject({
      'g:title': 'Gạo ST25 <loại "1"> & \'thơm\'',
      'g:identifier_exists': 'no',
      'g:price': '35000 VND',
      'g:availability': 'out_of_stock',
    });
    expect(doc.rss.channel.item).not.toHaveProperty('g:image_link');
  });

  it('quotes CSV fields with quotes, commas or line breaks only', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('x\ny')).toBe('"x\ny"');
    const csv = feedCsv([item]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"Dòng 1,\r\ndòng 2"');
    expect(csv).toContain(',no,new\r\n');
  });
});
