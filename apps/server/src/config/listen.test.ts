import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { DEFAULT_HOST, demoExposureWarning, isLoopbackHost, listenLine } from './listen.js';

describe('where the server listens', () => {
  it('on 127.0.0.1 unless HOST is set', () => {
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.20' }).HOST).toBe('192.168.1.20');
  });

  it('tells this machine only (loopback) from an address the network may reach', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST', 'app.localhost']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'fe80::1', '::ffff:10.0.0.1', 'agrihub.example.vn', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('warns when demo accounts can sign in on a server the network may reach, and only then', () => {
    const warning = demoExposureWarning('0.0.0.0', 3000, 30);
    expect(warning).toContain('WARNING: 30 demo accounts');
    expect(warning).toContain('0.0.0.0:3000');
    expect(warning).toContain('README');
    expect(warning).toContain('Unset HOST to listen on 127.0.0.1 only');
    expect(demoExposureWarning('192.168.1.20', 8080, 1)).toContain('WARNING: 1 demo account (');
    expect(demoExposureWarning('0.0.0.0', 3000, 0)).toBeNull();
    expect(demoExposureWarning('127.0.0.1', 3000, 30)).toBeNull();
    expect(demoExposureWarning('::1', 3000, 30)).toBeNull();
  });

  it('says in the start banner who can reach the server', () => {
    expect(listenLine('127.0.0.1', 3000)).toBe(
      'Listening on 127.0.0.1:3000, this machine only (set HOST=0.0.0.0 to open it to the network).',
    );
    expect(listenLine('0.0.0.0', 3000)).toBe('Listening on 0.0.0.0:3000, open to the network.');
  });
});
