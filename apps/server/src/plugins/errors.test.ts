import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin from './errors.js';

/** A PostgreSQL error as node-postgres and PGlite throw it, wrapped by drizzle as `cause`. */
function pgError(code: string, wrapped: boolean) {
  const err = Object.assign(new Error('db error'), { code });
  return wrapped ? Object.assign(new Error('Failed query: …'), { cause: err }) : err;
}

describe('errors plugin: values the database refuses', () => {
  it.each(['22021', '22P05', '22003', '22008', '22007'])('maps SQLSTATE %s to 422 invalid_value', async (code) => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/raw', async () => {
      throw pgError(code, false);
    });
    app.get('/wrapped', async () => {
      throw pgError(code, true);
    });
    for (const url of ['/raw', '/wrapped']) {
      const res = await app.inject({ method: 'GET', url, headers: { locale: 'en' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().meta.code).toBe('invalid_value');
      expect(res.json().meta.message).not.toBe('invalid_value');
      expect(res.body).not.toContain('db error');
    }
    await app.close();
  });

  it('keeps any other database error a 500 that says nothing internal', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/', async () => {
      throw pgError('42P01', true);
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.json().meta.code).toBe('internal_error');
    await app.close();
  });
});
