import { inspect } from 'node:util';
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

  describe('S3 storage (S3_*)', () => {
    const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY';
    const full = {
      S3_BUCKET: 'agrihub-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    };
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };

    it('uses local disk without S3_BUCKET, and the bucket with its settings when it is set', () => {
      expect(loadConfig({}).s3).toBeNull();
      const c = loadConfig(full);
      expect(c.s3).toMatchObject({
        bucket: 'agrihub-uploads',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'AKIAEXAMPLE',
        forcePathStyle: true,
      });
      expect(c.s3?.secretAccessKey).toBe(SECRET);
      // AWS S3 itself: no endpoint, virtual-hosted buckets.
      const aws = loadConfig({ ...full, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: '' }).s3;
      expect(aws).toMatchObject({ endpoint: undefined, forcePathStyle: false });
    });

    it('stops at start naming each missing setting of an incomplete bucket, never showing the secret', () => {
      const text = failure({ S3_BUCKET: 'agrihub-uploads', S3_SECRET_ACCESS_KEY: SECRET });
      expect(text).toContain('S3_REGION: required when S3_BUCKET is set');
      expect(text).toContain('S3_ACCESS_KEY_ID: required when S3_BUCKET is set');
      expect(text).not.toContain('S3_SECRET_ACCESS_KEY:');
      expect(text).not.toContain(SECRET);
      // S3 settings without a bucket are a setup gone wrong, not local disk in silence.
      expect(failure({ S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: SECRET })).toContain(
        'S3_BUCKET: required when S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set',
      );
      const bad = failure({ ...full, S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes', PORT: 'abc' });
      expect(bad).toContain('S3_ENDPOINT: must be an http:// or https:// URL');
      expect(bad).toContain('S3_FORCE_PATH_STYLE');
      expect(bad).toContain('PORT');
      expect(bad).not.toContain(SECRET);
    });

    it('keeps the secret out of the configuration as logged or printed', () => {
      const c = loadConfig(full);
      expect(JSON.stringify(c)).not.toContain(SECRET);
      expect(inspect(c, { depth: 10 })).not.toContain(SECRET);
      expect(JSON.stringify(c)).toContain('"bucket":"agrihub-uploads"');
      expect(Object.keys(c).filter((k) => k.startsWith('S3_'))).toEqual([]);
    });
  });
});
