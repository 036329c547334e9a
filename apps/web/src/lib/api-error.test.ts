import { describe, expect, it } from 'vitest';
import { isApiError, normaliseError, refusesSession } from './api-error';

const texts = { network: 'net', timeout: 'slow', generic: 'oops' };

describe('normaliseError', () => {
  it('reads code, message and field errors from the envelope meta', () => {
    const error = normaliseError(
      {
        status: 422,
        data: {
          meta: {
            code: 'validation_failed',
            message: 'Dữ liệu không hợp lệ',
            errors: [{ field: 'name', message: 'Bắt buộc' }, { bad: 1 }],
          },
        },
      },
      texts,
    );
    expect(error).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Dữ liệu không hợp lệ',
      errors: [{ field: 'name', message: 'Bắt buộc' }],
    });
    expect(isApiError(error)).toBe(true);
  });

  it('keeps the other top-level fields of the answer as details', () => {
    const products = [{ product_id: 3, name: 'Gạo', missing: [{ key: 'gtin_missing' }] }];
    const error = normaliseError(
      { status: 422, data: { meta: { code: 'saleChannelProductsNotReady', message: 'Thiếu' }, products } },
      texts,
    );
    expect(error.details).toEqual({ products });
    expect(normaliseError({ status: 404, data: { meta: { code: 'x', message: 'y' } } }, texts)).not.toHaveProperty(
      'details',
    );
  });

  it('reads the OAuth answer when there is no meta', () => {
    expect(
      normaliseError({ status: 400, data: { error: 'invalid_grant', error_description: 'Sai' } }, texts),
    ).toMatchObject({
      code: 'invalid_grant',
      message: 'Sai',
    });
  });

  it('prefers the translated meta message on OAuth errors', () => {
    const data = {
      error: 'invalid_grant',
      error_description: 'Wrong',
      meta: { code: 'invalid_credentials', message: 'Email hoặc mật khẩu không đúng.' },
    };
    expect(normaliseError({ status: 401, data }, texts)).toMatchObject({
      code: 'invalid_credentials',
      message: 'Email hoặc mật khẩu không đúng.',
    });
  });

  it('names transport failures with local texts', () => {
    expect(normaliseError({ status: 'FETCH_ERROR', error: 'TypeError' }, texts)).toMatchObject({
      code: 'network_error',
      message: 'net',
    });
    expect(normaliseError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, texts)).toMatchObject({
      code: 'timeout',
      message: 'slow',
    });
    expect(
      normaliseError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, texts),
    ).toEqual({
      status: 502,
      code: 'http_502',
      message: 'oops',
      errors: [],
    });
  });

  it('a success whose body could not be read (connection cut, page unloading) is a network failure, not status 200', () => {
    const cut = normaliseError(
      { status: 'PARSING_ERROR', originalStatus: 200, error: 'TypeError: network error' },
      texts,
    );
    expect(cut).toEqual({ status: 'PARSING_ERROR', code: 'network_error', message: 'net', errors: [] });
  });
});

describe('refusesSession: a failed whoami ends the session only when the server refused it', () => {
  const failure = (raw: Parameters<typeof normaliseError>[0]) => normaliseError(raw, texts);

  it('a 403 or 404 ends it', () => {
    expect(refusesSession(failure({ status: 403, data: { meta: { code: 'account_inactive' } } }))).toBe(true);
    expect(refusesSession(failure({ status: 404, data: null }))).toBe(true);
  });

  it('a network failure, a cut answer, a timeout, too many requests or a server error keeps it (the page offers a retry)', () => {
    expect(refusesSession(failure({ status: 'FETCH_ERROR', error: 'TypeError' }))).toBe(false);
    // A reload while whoami's answer was still arriving: no reason to forget the session.
    expect(refusesSession(failure({ status: 'PARSING_ERROR', originalStatus: 200, error: 'TypeError' }))).toBe(false);
    expect(refusesSession(failure({ status: 'TIMEOUT_ERROR', error: 'AbortError' }))).toBe(false);
    expect(refusesSession(failure({ status: 500, data: null }))).toBe(false);
    expect(refusesSession(failure({ status: 429, data: null }))).toBe(false);
    expect(refusesSession(failure({ status: 408, data: null }))).toBe(false);
    expect(
      refusesSession(failure({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })),
    ).toBe(false);
  });

  it('a 401 is left to the refresh token (the base query)', () => {
    expect(refusesSession(failure({ status: 401, data: null }))).toBe(false);
  });
});
