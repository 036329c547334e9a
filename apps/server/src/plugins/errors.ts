import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ATTACHMENT_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
  PERMISSION_DENIED_MESSAGE,
  translate,
  isMessageKey,
  type Locale,
} from '@agrihub/contract';
import { AppError } from '../lib/errors.js';
import { megabytes } from '../lib/sizes.js';
import { isConnectionLoss, isDataException } from '../lib/pg-errors.js';
import { StorageUnavailableError } from '../lib/storage-errors.js';

/** Message keys from contract schemas are translated; zod's own English is replaced by a generic text. */
function fieldMessage(locale: Locale, message: string, params: Record<string, unknown>): string {
  // Custom refinements carry `params`; zod's own size checks carry `minimum`/`maximum` ({{min}}/{{max}}).
  const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined);
  const extra = {
    ...(bound(params.minimum) ? { min: bound(params.minimum)! } : {}),
    ...(bound(params.maximum) ? { max: bound(params.maximum)! } : {}),
    ...((params.params ?? {}) as Record<string, string | number>),
  };
  return isMessageKey(message) ? translate(locale, message, extra) : translate(locale, 'validation_failed');
}

export function errorBody(req: FastifyRequest, err: AppError) {
  const locale = req.locale ?? 'vi';
  const message =
    err.code === 'permission_denied' ? PERMISSION_DENIED_MESSAGE : translate(locale, err.code, err.params);
  return {
    ...err.extra,
    meta: {
      code: err.code,
      message,
      ...(err.fieldErrors.length
        ? {
            errors: err.fieldErrors.map((f) => ({ field: f.field, message: translate(locale, f.message, err.params) })),
          }
        : {}),
    },
  };
}

/** Maps every failure to the envelope of DESIGN.md §3; nothing internal reaches the client. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = req.locale ?? 'vi';
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(req, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(body)',
        message: fieldMessage(locale, v.message ?? '', v.params),
      }));
      return reply
        .status(422)
        .send({ meta: { code: 'validation_failed', message: translate(locale, 'validation_failed'), errors } });
    }
    // Before the database's connection loss: an unreachable store fails with the same socket
    // errors (ECONNREFUSED…) in its cause, and must be named as the file store.
    if (error instanceof StorageUnavailableError) {
      req.log.warn({ err: error.cause, op: error.op }, 'file store unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send({ meta: { code: 'storage_unavailable', message: translate(locale, 'storage_unavailable') } });
    }
    if (isConnectionLoss(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send({ meta: { code: 'database_unavailable', message: translate(locale, 'database_unavailable') } });
    }
    // Defence in depth: the request schemas refuse such values first; one that slipped through is
    // still the client's bad input (422), logged so that the missing schema check gets added.
    if (isDataException(error)) {
      req.log.warn({ err: error }, 'the database refused a value that the request schema let through');
      return reply.status(422).send({ meta: { code: 'invalid_value', message: translate(locale, 'invalid_value') } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ meta: { code: 'invalid_json', message: translate(locale, 'invalid_json') } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ meta: { code: 'unsupported_media_type', message: translate(locale, 'invalid_json') } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        meta: {
          code: 'rate_limited',
          message: translate(locale, 'rate_limited', { retry: String(reply.getHeader('retry-after') ?? 60) + 's' }),
        },
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const max = megabytes(JSON_BODY_MAX_BYTES);
      return reply
        .status(413)
        .send({ meta: { code: 'body_too_large', message: translate(locale, 'body_too_large', { max }) } });
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const max = megabytes(ATTACHMENT_MAX_BYTES);
      return reply
        .status(422)
        .send({ meta: { code: 'file_too_large', message: translate(locale, 'file_too_large', { max }) } });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ meta: { code: 'bad_request', message: translate(locale, 'validation_failed') } });
    } else {
      req.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({ meta: { code: 'internal_error', message: translate(locale, 'internal_error') } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ meta: { code: 'route_not_found', message: translate(req.locale ?? 'vi', 'route_not_found') } });
  });
});
