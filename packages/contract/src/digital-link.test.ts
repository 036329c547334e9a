import { describe, expect, it } from 'vitest';
import { gtinDigitalLinkPath, isGs1AiValue, isGs1Date, parseGtinDigitalLink, readLinkType } from './digital-link.js';

const gtin = '08936000000011';

describe('GS1 Digital Link syntax', () => {
  it('parses a GTIN (8, 12, 13 or 14 digits, as GTIN-14) and its qualifiers 22, 10, 21 in order', () => {
    expect(parseGtinDigitalLink('8936000000011')).toEqual({ gtin14: gtin });
    expect(parseGtinDigitalLink('96385074/')).toEqual({ gtin14: '00000096385074' });
    expect(parseGtinDigitalLink('8936000000011/10/A%2FB/')).toEqual({ gtin14: gtin, lot: 'A/B' });
    expect(parseGtinDigitalLink(`${gtin}/22/V1/10/L/21/S`)).toEqual({ gtin14: gtin, cpv: 'V1', lot: 'L', serial: 'S' });
    expect(parseGtinDigitalLink(`${gtin}/21/S`)).toEqual({ gtin14: gtin, serial: 'S' });
  });

  it('names what is malformed', () => {
    expect(parseGtinDigitalLink('08936000000012')).toMatchObject({ error: 'dl_bad_gtin' });
    expect(parseGtinDigitalLink('1234567890')).toMatchObject({ error: 'dl_bad_gtin' });
    expect(parseGtinDigitalLink('')).toMatchObject({ error: 'dl_bad_gtin' });
    expect(parseGtinDigitalLink(`${gtin}/17/251231`)).toMatchObject({ error: 'dl_bad_ai', params: { value: '17' } });
    expect(parseGtinDigitalLink(`${gtin}/21/S/10/L`)).toMatchObject({ error: 'dl_bad_ai', params: { value: '10' } });
    expect(parseGtinDigitalLink(`${gtin}/10/L/10/M`)).toMatchObject({ error: 'dl_bad_ai' });
    expect(parseGtinDigitalLink(`${gtin}/10`)).toMatchObject({ error: 'dl_bad_ai' });
    expect(parseGtinDigitalLink(`${gtin}/10/`)).toMatchObject({ error: 'dl_bad_ai' });
    expect(parseGtinDigitalLink(`${gtin}/21/${'S'.repeat(21)}`)).toMatchObject({ error: 'dl_bad_value' });
    expect(parseGtinDigitalLink(`${gtin}/10/L%C3%B4`)).toMatchObject({ error: 'dl_bad_value' });
    expect(parseGtinDigitalLink(`${gtin}/10/%ZZ`)).toMatchObject({ error: 'dl_bad_value' });
    // Lots of up to 50 characters were printed before AI 10's limit was checked: they still resolve.
    expect(parseGtinDigitalLink(`${gtin}/10/${'L'.repeat(50)}`)).toEqual({ gtin14: gtin, lot: 'L'.repeat(50) });
    expect(parseGtinDigitalLink(`${gtin}/10/${'L'.repeat(51)}`)).toMatchObject({ error: 'dl_bad_value' });
  });

  it('writes the path back, values percent-encoded', () => {
    expect(gtinDigitalLinkPath({ gtin14: gtin, lot: 'A/B', serial: 'S 1' })).toBe(`/01/${gtin}/10/A%2FB/21/S%201`);
  });

  it('checks AI values and GS1 dates', () => {
    expect(isGs1AiValue('LOT-1/2025', 20)).toBe(true);
    expect(isGs1AiValue('', 20)).toBe(false);
    expect(isGs1AiValue('Lô', 20)).toBe(false);
    expect(isGs1Date('271231')).toBe(true);
    expect(isGs1Date('280229')).toBe(true);
    expect(isGs1Date('270229')).toBe(false);
    expect(isGs1Date('250200')).toBe(true);
    expect(isGs1Date('251301')).toBe(false);
    expect(isGs1Date('2512')).toBe(false);
  });

  it('reads link types in the gs1: and full URI forms', () => {
    expect(readLinkType('gs1:pip')).toBe('pip');
    expect(readLinkType('https://gs1.org/voc/recallStatus')).toBe('recallStatus');
    expect(readLinkType('https://ref.gs1.org/voc/certificationInfo')).toBe('certificationInfo');
    expect(readLinkType('linkset')).toBe('linkset');
    expect(readLinkType('all')).toBe('linkset');
    expect(readLinkType('gs1:foo')).toBe('unknown');
    expect(readLinkType('https://example.com/voc/pip')).toBe('unknown');
    expect(readLinkType('pip')).toBe('unknown');
  });
});
