import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('returns a local path with its query', () => {
    expect(safeNextPath('/admin/users?page=2', '/dashboard')).toBe('/admin/users?page=2');
  });
  it('refuses other sites and odd values', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'dashboard']) {
      expect(safeNextPath(bad, '/dashboard')).toBe('/dashboard');
    }
  });
  it('does not send a user back to an auth page', () => {
    expect(safeNextPath('/login?next=/x', '/dashboard', ['/login'])).toBe('/dashboard');
  });
  it('builds the login link', () => {
    expect(loginPathFor('/login', 'next', '/admin/users?page=2')).toBe('/login?next=%2Fadmin%2Fusers%3Fpage%3D2');
  });
});
