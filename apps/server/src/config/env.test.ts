import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('configuration', () => {
  it('has working defaults: port 3000, PGlite in ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('stops with the list of every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PLATFORM_HOSTS: 'a.vn=shopee' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toContain('PORT');
    expect(text).toContain('DATABASE_URL');
    expect(text).toContain('PLATFORM_HOSTS');
  });

  it('resolves a relative DATA_DIR from where npm was run, so `npm start` at the root uses ./data', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/agrihub' }).dataDir).toBe('/srv/agrihub/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/agrihub', INIT_CWD: '/srv/agrihub' }).dataDir).toBe('/var/lib/agrihub');
  });

  it('reads extra platform hosts', () => {
    expect(loadConfig({ PLATFORM_HOSTS: 'Trace.Example.vn=dtrack, shop.example.vn=foodmap' }).PLATFORM_HOSTS).toEqual({
      'trace.example.vn': 'dtrack',
      'shop.example.vn': 'foodmap',
    });
  });
});
