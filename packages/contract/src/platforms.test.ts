import { describe, expect, it } from 'vitest';
import { isOldUser } from './constants.js';
import { PLATFORMS, effectiveLocale, platformFromHost } from './platforms.js';

describe('platforms (DESIGN.md §1)', () => {
  it('picks the platform from the host name, with a default for anything else', () => {
    expect(platformFromHost('foodmap.localhost:3000')).toBe('foodmap');
    expect(platformFromHost('AGRIHUB.example.vn')).toBe('agrihub');
    expect(platformFromHost('dtrack.localhost')).toBe('dtrack');
    expect(platformFromHost('localhost:3000')).toBe('dtrack');
    expect(platformFromHost('localhost:3000', 'agrihub')).toBe('agrihub');
    expect(platformFromHost('shop.example.vn', 'dtrack', { 'shop.example.vn': 'foodmap' })).toBe('foodmap');
  });

  it('has the spec colours', () => {
    expect(PLATFORMS.dtrack.primaryColor).toBe('#029147');
    expect(PLATFORMS.agrihub.primaryColor).toBe('#145da0');
    expect(PLATFORMS.foodmap.primaryColor).toBe('#029147');
  });

  it('forces Vietnamese on dtrack and offers English elsewhere', () => {
    expect(effectiveLocale('dtrack', 'en')).toBe('vi');
    expect(effectiveLocale('agrihub', 'en')).toBe('en');
    expect(effectiveLocale('foodmap', 'fr')).toBe('vi');
    expect(PLATFORMS.dtrack.locales).toEqual(['vi']);
  });

  it('flags users created before 2022-09-26T17:00Z as old', () => {
    expect(isOldUser('2022-09-26T16:59:59.999Z')).toBe(true);
    expect(isOldUser('2022-09-26T17:00:00.000Z')).toBe(false);
  });
});
