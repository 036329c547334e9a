import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CBV_VERSION,
  EPCIS_CAPTURE_MAX_BYTES,
  EPCIS_CAPTURE_MAX_EVENTS,
  EPCIS_VERSION,
  translate,
} from '@agrihub/contract';
import { AppError } from '../../lib/errors.js';
import { megabytes } from '../../lib/sizes.js';
import { isConnectionLoss, isDataException } from '../../lib/pg-errors.js';

export const PROBLEM_TYPE = 'application/problem+json';

/** An EPCIS exception of the REST binding, answered as RFC 7807 problem+json. */
export class EpcisProblem extends Error {
  constructor(
    readonly status: number,
    readonly exception: string,
    readonly title: string,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
  static validation(code: string, params?: Record<string, string | number>) {
    return new EpcisProblem(400, 'ValidationException', 'Validation error', code, params);
  }
  static query(code: string, params?: Record<string, string | number>) {
    return new EpcisProblem(400, 'QueryParameterException', 'Invalid query parameter', code, params);
  }
  static notFound() {
    return new EpcisProblem(404, 'NoSuchNameException', 'Resource not found', 'epcis_not_found');
  }
}

export function captureLimitExceeded(what: 'events' | 'bytes', count: number) {
  return what === 'events'
    ? new EpcisProblem(413, 'CaptureLimitExceededException', 'Capture payload too large', 'epcis_capture_too_many', {
        count,
        max: EPCIS_CAPTURE_MAX_EVENTS,
      })
    : new EpcisProblem(413, 'CaptureLimitExceededException', 'Capture payload too large', 'epcis_capture_too_large', {
        max: megabytes(EPCIS_CAPTURE_MAX_BYTES),
      });
}

/** The binding's headers on every answer of the scope. */
export function epcisHeaders(reply: FastifyReply) {
  reply.header('GS1-EPCIS-Version', EPCIS_VERSION);
  reply.header('GS1-CBV-Version', CBV_VERSION);
}
export function captureLimitHeaders(reply: FastifyReply) {
  reply.header('GS1-EPCIS-Capture-Limit', String(EPCIS_CAPTURE_MAX_EVENTS));
  reply.header('GS1-EPCIS-Capture-File-Size-Limit', String(EPCIS_CAPTURE_MAX_BYTES));
}

/** The problem body (`detail` in the caller's language), as the binding's RFC7807ProblemResponseBody. */
export function problemBody(req: FastifyRequest, p: EpcisProblem) {
  return {
    type: `epcisException:${p.exception}`,
    title: p.title,
    status: p.status,
    detail: translate(req.locale ?? 'vi', p.code, p.params),
    instance: req.url.split('?')[0],
  };
}

function send(req: FastifyRequest, reply: FastifyReply, p: EpcisProblem) {
  epcisHeaders(reply);
  if (p.exception === 'CaptureLimitExceededException') captureLimitHeaders(reply);
  return reply.status(p.status).type(PROBLEM_TYPE).send(problemBody(req, p));
}

/** The guard's refusals (no key, wrong key, revoked, wrong scope, locked out) as SecurityException. */
function securityProblem(err: AppError): EpcisProblem {
  const title =
    err.status === 401
      ? 'Unauthorised request'
      : err.status === 429
        ? 'Too many requests'
        : 'Access to resource forbidden';
  // A 403 keeps the guard's reason (scope, entitlement, a feature the platform lacks) in its detail.
  const code = err.status === 401 ? 'epcis_unauthenticated' : err.code;
  return new EpcisProblem(err.status, 'SecurityException', title, code, err.params);
}

/** The `/epcis` scope's error handler: every failure in the binding's problem shapes, never the portal's envelope. */
export function epcisErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const capture = req.method === 'POST';
    if (error instanceof EpcisProblem) return send(req, reply, error);
    if (error instanceof AppError) {
      if ([401, 403, 429].includes(error.status)) return send(req, reply, securityProblem(error));
      if (error.status === 404) return send(req, reply, EpcisProblem.notFound());
      return send(
        req,
        reply,
        new EpcisProblem(
          error.status,
          capture ? 'ValidationException' : 'QueryParameterException',
          'Invalid request',
          error.code,
          error.params,
        ),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const v = error.validation[0];
      const name =
        v.instancePath.replace(/^\//, '').split('/')[0] || String((v.params as { keys?: string[] }).keys?.[0] ?? '');
      const unknown = v.keyword === 'unrecognized_keys';
      const keys = (v.params as { keys?: string[] }).keys;
      const reason = translate(
        req.locale ?? 'vi',
        v.message && v.message.startsWith('epcis_') ? v.message : 'epcis_query_value',
      );
      const p = unknown
        ? EpcisProblem.query('epcis_query_unknown', { name: keys?.join(', ') ?? name })
        : capture
          ? EpcisProblem.validation('epcis_capture_schema', { path: name, reason })
          : EpcisProblem.query('epcis_query_invalid', { name, reason });
      return send(req, reply, p);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(req, reply, captureLimitExceeded('bytes', 0));
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return send(req, reply, EpcisProblem.validation('epcis_capture_not_json'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(
        req,
        reply,
        new EpcisProblem(415, 'ImplementationException', 'Unsupported Media Type', 'epcis_capture_not_json'),
      );
    }
    if (isDataException(error)) {
      req.log.warn({ err: error }, 'the database refused a value the EPCIS checks let through');
      return send(
        req,
        reply,
        capture ? EpcisProblem.validation('epcis_capture_not_json') : EpcisProblem.query('epcis_query_value'),
      );
    }
    if (isConnectionLoss(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(
        req,
        reply,
        new EpcisProblem(503, 'ImplementationException', 'Service unavailable', 'epcis_internal'),
      );
    }
    if (error.statusCode && error.statusCode < 500) {
      return send(
        req,
        reply,
        new EpcisProblem(
          error.statusCode,
          capture ? 'ValidationException' : 'QueryParameterException',
          'Bad request',
          'epcis_query_value',
        ),
      );
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(
      req,
      reply,
      new EpcisProblem(500, 'ImplementationException', 'A server-side error occurred', 'epcis_internal'),
    );
  });
}
