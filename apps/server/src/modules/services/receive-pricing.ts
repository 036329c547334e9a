import type { FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@agrihub/contract';
import { unprocessable } from '../../lib/errors.js';
import { megabytes } from '../uploads/receive.js';

/** A pricing sheet is a few hundred rows at most: 2 MB is plenty. */
export const PRICING_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The multipart pricing upload: the `file` part and the optional `locale` field (the language of
 * the problem report; the caller's locale when absent, vi by default). Any order of parts.
 */
export async function receivePricingUpload(req: FastifyRequest): Promise<{ buffer: Buffer; locale: Locale }> {
  if (!req.isMultipart()) throw unprocessable('pricing_file_required', {}, 'file');
  let buffer: Buffer | null = null;
  let locale: Locale = req.locale ?? 'vi';
  let tooLarge = false;
  try {
    for await (const part of req.parts({ limits: { fileSize: PRICING_MAX_BYTES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || buffer) {
          part.file.resume();
          continue;
        }
        buffer = await part.toBuffer();
        if (part.file.truncated) tooLarge = true;
      } else if (part.fieldname === 'locale') {
        const value = String(part.value);
        if (!(LOCALES as readonly string[]).includes(value)) throw unprocessable('invalidLocale', {}, 'locale');
        locale = value as Locale;
      }
    }
  } catch (err) {
    // The size limit surfaces from the part's stream or from the parts iterator, depending on timing.
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    tooLarge = true;
  }
  // Every answer of this call, refusals included, speaks the report's language.
  req.locale = locale;
  if (tooLarge) throw unprocessable('file_too_large', { max: megabytes(PRICING_MAX_BYTES) }, 'file');
  if (!buffer || buffer.length === 0) throw unprocessable('pricing_file_required', {}, 'file');
  return { buffer, locale };
}
