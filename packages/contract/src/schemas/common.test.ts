import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMessageKey, translate } from '../messages/index.js';
import {
  INT4_MAX,
  dateField,
  dateTimeField,
  idField,
  idParam,
  idText,
  intField,
  isCalendarDate,
  isDateTimeInRange,
  isStorableText,
  emailField,
  normalizeEmail,
  textField,
} from './common.js';
import { listQuery, sortTokens } from './list.js';
import { batchListQuery, batchRequest, eventParams, traceEventRequest } from './traceabilities.js';
import { productRequest } from './products.js';
import { registrationRequest, tokenRequest } from './auth.js';
import { voteRequest } from './trace-public.js';
import { expectedUpdatedAt } from '../publication.js';

/** The message keys of a failed parse (or [] when it passed). */
function keys(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('textField: text PostgreSQL can store', () => {
  it('refuses NUL anywhere, with the invalidCharacters key', () => {
    for (const v of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(keys(textField(), v)).toEqual(['invalidCharacters']);
    }
  });

  it('refuses lone surrogates, high or low, at any place', () => {
    for (const v of ['\ud800', 'a\ud800', '\ud800b', '\udfff', 'a\udc00b', '\udc00\ud800', '😀'.slice(0, 1)]) {
      expect(isStorableText(v)).toBe(false);
      expect(keys(textField(), v)).toEqual(['invalidCharacters']);
    }
  });

  it('accepts Vietnamese, emoji (surrogate pairs), RTL marks and other control characters', () => {
    for (const v of ['', 'Rau cải ngọt Đà Lạt', '😀🌾', '\u202Eabc', 'a\tb\nc', '\ud83d\ude00']) {
      expect(keys(textField(), v)).toEqual([]);
    }
  });

  it('keeps the chained checks and the required message', () => {
    const name = textField({ error: 'pleaseInputName' }).trim().min(1, 'pleaseInputName').max(3, 'tooLong');
    expect(name.parse('  ab ')).toBe('ab');
    expect(keys(name, '    ')).toEqual(['pleaseInputName']);
    expect(keys(name, 'abcd')).toEqual(['tooLong']);
    expect(keys(name, undefined)).toEqual(['pleaseInputName']);
    expect(keys(name, 42)).toEqual(['pleaseInputName']);
  });

  it('has its message in both languages', () => {
    expect(isMessageKey('invalidCharacters')).toBe(true);
    expect(translate('vi', 'invalidCharacters')).toMatch(/ký tự/);
    expect(translate('en', 'invalidCharacters')).toMatch(/characters/);
    expect(translate('vi', 'invalidId')).not.toBe('invalidId');
    expect(translate('en', 'invalidNumber')).not.toBe('invalidNumber');
  });
});

describe('ids and integers: bounded to their column', () => {
  it('idField takes 1..2147483647 and nothing else', () => {
    expect(keys(idField(), 1)).toEqual([]);
    expect(keys(idField(), INT4_MAX)).toEqual([]);
    for (const v of [0, -1, INT4_MAX + 1, 9e99, 1.5, Number.NaN, Infinity, '1', null]) {
      expect(keys(idField(), v)).not.toEqual([]);
    }
    expect(keys(idField('invalidUpload'), INT4_MAX + 1)).toEqual(['invalidUpload']);
  });

  it('idText (path and query ids) coerces text within the same bounds', () => {
    expect(idText().parse('42')).toBe(42);
    expect(idText().parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const v of ['2147483648', '9e99', '0', '-1', '1.5', 'abc', '', 'Infinity']) {
      expect(keys(idText(), v)).not.toEqual([]);
    }
    expect(keys(idParam, { id: '2147483648' })).toEqual(['invalidId']);
    expect(keys(eventParams, { id: '1', eventId: '99999999999' })).toEqual(['invalidId']);
  });

  it('intField bounds any int4 body field', () => {
    expect(keys(intField('invalidRating', 1, 5), 5)).toEqual([]);
    expect(keys(intField('invalidRating', 1, 5), 6)).toEqual(['invalidRating']);
    expect(keys(intField(), 2147483648)).toEqual(['invalidNumber']);
  });

  it('the list query bounds page and per_page, refuses NUL in q and takes only whitelisted sorts', () => {
    const list = listQuery(['name', 'created_at'], '-created_at');
    expect(list.parse({ page: '3' })).toEqual({ page: 3, per_page: 20, sort: '-created_at' });
    expect(keys(list, { page: '2147483648' })).toEqual(['invalidPage']);
    expect(keys(list, { page: '9e99' })).toEqual(['invalidPage']);
    expect(keys(list, { page: '0' })).toEqual(['invalidPage']);
    expect(keys(list, { per_page: '101' })).toEqual(['invalidPerPage']);
    expect(keys(list, { per_page: '0' })).toEqual(['invalidPerPage']);
    expect(list.parse({ per_page: '100' }).per_page).toBe(100);
    expect(keys(list, { q: 'a\u0000' })).toEqual(['invalidCharacters']);
    expect(list.parse({ sort: 'name' }).sort).toBe('name');
    expect(list.parse({ sort: '-name' }).sort).toBe('-name');
    expect(keys(list, { sort: 'password' })).toEqual(['invalidSort']);
    expect(keys(list, { sort: '--name' })).toEqual(['invalidSort']);
    expect(keys(list, { sort: '\ud800' })).toEqual(['invalidSort']);
    expect(sortTokens(['a', 'b'])).toEqual(['a', '-a', 'b', '-b']);
    for (const key of ['invalidSort', 'invalidPage', 'invalidPerPage']) expect(isMessageKey(key)).toBe(true);
  });
});

describe('dates: validated without throwing', () => {
  it('isCalendarDate knows month lengths and leap years', () => {
    for (const v of ['2024-02-29', '2000-02-29', '2025-12-31', '1900-01-01', '9999-12-31'])
      expect(isCalendarDate(v)).toBe(true);
    for (const v of [
      '2023-02-29',
      '1900-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
    ]) {
      expect(isCalendarDate(v)).toBe(false);
    }
  });

  it('refuses years outside 1900..9999 (year 0000 included) and other shapes', () => {
    for (const v of [
      '0000-01-01',
      '1899-12-31',
      '0001-01-01',
      '10000-01-01',
      '+02024-01-01',
      '2024-1-01',
      '20240101',
      '',
    ]) {
      expect(isCalendarDate(v)).toBe(false);
    }
  });

  it('dateField answers invalidDate once, never throws', () => {
    for (const v of ['2024-13-01', '2024-02-30', '0000-01-01', 'x', '2024-13-01T00:00:00Z', 20240101, null]) {
      expect(() => dateField().safeParse(v)).not.toThrow();
      expect(keys(dateField(), v)).toEqual(['invalidDate']);
    }
    expect(dateField().parse('2024-02-29')).toBe('2024-02-29');
  });

  it('dateTimeField takes an offset date-time within the years, local and UTC', () => {
    expect(keys(dateTimeField(), '2025-03-01T08:00:00+07:00')).toEqual([]);
    expect(keys(dateTimeField(), '2025-03-01T08:00:00.123Z')).toEqual([]);
    for (const v of [
      '0000-01-01T00:00:00Z',
      '1900-01-01T00:00:00+01:00', // 1899 in UTC
      '9999-12-31T23:00:00-05:00', // 10000 in UTC
      '2024-13-01T00:00:00Z',
      '2024-02-30T08:00:00+07:00',
      '2025-03-01',
      '2025-03-01T08:00:00', // no offset
      'x',
    ]) {
      expect(() => dateTimeField().safeParse(v)).not.toThrow();
      expect(keys(dateTimeField(), v)).toEqual(['invalidDateTime']);
    }
    expect(isDateTimeInRange('2025-03-01T08:00:00+07:00')).toBe(true);
  });
});

describe('request schemas use the shared pieces', () => {
  const batch = { product_id: 1, lot_code: 'LO-1', production_date: '2025-03-01', quantity: 1, unit: 'Kg' };
  const product = { name: 'Rau', category_id: 1, unit: 'Kg' };

  it('batches: dates, ids and text', () => {
    expect(keys(batchRequest, batch)).toEqual([]);
    expect(keys(batchRequest, { ...batch, production_date: '2024-13-01' })).toEqual(['invalidDate']);
    expect(keys(batchRequest, { ...batch, production_date: '0000-01-01' })).toEqual(['invalidDate']);
    expect(keys(batchRequest, { ...batch, product_id: 2147483648 })).toEqual(['pleaseSelectProduct']);
    expect(keys(batchRequest, { ...batch, production_base: { name: 'a\u0000' } })).toEqual(['invalidCharacters']);
    expect(keys(batchListQuery, { product_id: '2147483648' })).toEqual(['invalidId']);
    expect(keys(batchListQuery, { from: '2024-02-30' })).toEqual(['invalidDate']);
    const event = { step: 'planting', occurred_at: '0000-01-01T00:00:00Z' };
    expect(keys(traceEventRequest, event)).toEqual(['invalidDateTime']);
    expect(keys(traceEventRequest, { ...event, occurred_at: '2025-01-01T00:00:00Z', place: '\ud800' })).toEqual([
      'invalidCharacters',
    ]);
    expect(keys(traceEventRequest, { ...event, occurred_at: '2025-01-01T00:00:00Z', photo_ids: [2147483648] })).toEqual(
      ['invalidUpload'],
    );
  });

  it('optimistic concurrency: updated_at is a date-time in range', () => {
    expect(keys(expectedUpdatedAt, '2025-03-01T08:00:00.123Z')).toEqual([]);
    expect(keys(expectedUpdatedAt, '0000-01-01T00:00:00Z')).toEqual(['invalidUpdatedAt']);
    expect(keys(productRequest, { ...product, updated_at: '2024-02-30T00:00:00Z' })).toEqual(['invalidUpdatedAt']);
    expect(keys(batchRequest, { ...batch, updated_at: '0000-01-01T00:00:00Z' })).toEqual(['invalidUpdatedAt']);
  });

  it('products: certificate dates, ids and text', () => {
    expect(keys(productRequest, product)).toEqual([]);
    expect(keys(productRequest, { ...product, name: 'R\u0000' })).toEqual(['invalidCharacters']);
    expect(keys(productRequest, { ...product, category_id: 2147483648 })).toEqual(['pleaseSelectCategory']);
    expect(keys(productRequest, { ...product, image_ids: [9e99] })).toEqual(['invalidUpload']);
    expect(
      keys(productRequest, { ...product, certificates: [{ name: 'VietGAP', valid_until: '2024-13-01' }] }),
    ).toEqual(['invalidDate']);
    expect(keys(productRequest, { ...product, variants: [{ types: [{ title: 'a', value: '\udfff' }] }] })).toEqual([
      'invalidCharacters',
    ]);
  });

  it('login, registration and votes (anonymous) refuse NUL', () => {
    expect(keys(tokenRequest, { grant_type: 'password', username: 'a\u0000@x.vn', password: 'Secret@1' })).toEqual([
      'invalidCharacters',
    ]);
    expect(keys(tokenRequest, { grant_type: 'password', username: 'a@x.vn', password: 'Se\u0000cret' })).toEqual([
      'invalidCharacters',
    ]);
    const reg = {
      email: 'a@x.vn',
      password: 'Secret@1',
      name: 'A\u0000',
      producer: { name: 'HTX', producer_type: 'cooperative' },
    };
    expect(keys(registrationRequest, reg)).toEqual(['invalidCharacters']);
    expect(keys(voteRequest, { code: 'ABCDEFGH', rating: 5, comment: 'ngon\u0000' })).toEqual(['invalidCharacters']);
  });
});

describe('e-mail addresses (NFKC, ADR 035)', () => {
  it('reads full-width letters, upper case and spaces as the one address', () => {
    for (const typed of [
      '\uff50roducer@agrihub.demo',
      ' PRODUCER@AgriHub.demo ',
      '\uff30\uff32\uff2fducer@agrihub.demo',
    ]) {
      expect(normalizeEmail(typed)).toBe('producer@agrihub.demo');
      expect(emailField.parse(typed)).toBe('producer@agrihub.demo');
    }
    const login = tokenRequest.parse({ grant_type: 'password', username: '\uff50roducer@agrihub.demo', password: 'x' });
    expect(login).toMatchObject({ username: 'producer@agrihub.demo' });
  });
});
