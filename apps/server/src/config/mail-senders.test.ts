import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('mail senders per platform', () => {
  it('default: each platform its own name and a no-reply address on its own host', () => {
    expect(loadConfig({}).mailFrom).toEqual({
      dtrack: { name: 'DTrack', address: 'no-reply@dtrack.localhost' },
      agrihub: { name: 'AgriHub', address: 'no-reply@agrihub.localhost' },
      foodmap: { name: 'Foodmap', address: 'no-reply@foodmap.localhost' },
    });
  });

  it('the host a platform is served on: PLATFORM_HOSTS, else <platform>.<PUBLIC_URL host>', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://nongsan.example.vn', PLATFORM_HOSTS: 'truyxuat.example.vn=dtrack' });
    expect(c.mailFrom.dtrack.address).toBe('no-reply@truyxuat.example.vn');
    expect(c.mailFrom.agrihub.address).toBe('no-reply@agrihub.nongsan.example.vn');
    expect(loadConfig({ PUBLIC_URL: 'https://foodmap.example.vn' }).mailFrom.foodmap.address).toBe(
      'no-reply@foodmap.example.vn',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).mailFrom.dtrack.address).toBe(
      'no-reply@dtrack.localhost',
    );
  });

  it('MAIL_FROM_<PLATFORM>: "Name <address>" or a bare address (the platform name then)', () => {
    const c = loadConfig({
      MAIL_FROM_DTRACK: 'Truy xuất DTrack <truyxuat@dtrack.example.vn>',
      MAIL_FROM_FOODMAP: 'lienhe@foodmap.example.vn',
      MAIL_FROM_AGRIHUB: '"Hiệp hội AgriHub" <hoi@agrihub.example.vn>',
    });
    expect(c.mailFrom).toEqual({
      dtrack: { name: 'Truy xuất DTrack', address: 'truyxuat@dtrack.example.vn' },
      agrihub: { name: 'Hiệp hội AgriHub', address: 'hoi@agrihub.example.vn' },
      foodmap: { name: 'Foodmap', address: 'lienhe@foodmap.example.vn' },
    });
  });

  it('refuses a value that is no address, and the old single MAIL_FROM with what replaces it', () => {
    expect(() => loadConfig({ MAIL_FROM_DTRACK: 'DTrack' })).toThrow(/MAIL_FROM_DTRACK/);
    expect(() => loadConfig({ MAIL_FROM_AGRIHUB: 'AgriHub <không phải địa chỉ>' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: 'AgriHub <no-reply@agrihub.local>' })).toThrow(
      /MAIL_FROM: replaced by MAIL_FROM_DTRACK, MAIL_FROM_AGRIHUB and MAIL_FROM_FOODMAP/,
    );
  });
});
