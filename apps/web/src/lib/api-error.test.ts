import { describe, expect, it } from 'vitest';
import { isApiError, normaliseError } from './api-error';

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
});
