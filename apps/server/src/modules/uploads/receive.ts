import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unprocessable } from '../../lib/errors.js';
import { cleanFilename } from '../../lib/filenames.js';
import { megabytes } from '../../lib/sizes.js';

export { cleanFilename };

export interface Received {
  buffer: Buffer;
  filename: string;
}

export { megabytes };

/** Reads the multipart field `file` with a byte limit; nothing, an empty file or too many bytes → 422. */
export async function receiveFile(req: FastifyRequest, maxBytes: number): Promise<Received> {
  if (!req.isMultipart()) throw unprocessable('file_required', {}, 'file');
  const tooLarge = () => unprocessable('file_too_large', { max: megabytes(maxBytes) }, 'file');
  const file = await req.file({ limits: { fileSize: maxBytes } });
  if (!file || file.fieldname !== 'file') {
    file?.file.resume();
    throw unprocessable('file_required', {}, 'file');
  }
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated || buffer.length > maxBytes) throw tooLarge();
  if (buffer.length === 0) throw unprocessable('file_required', {}, 'file');
  return { buffer, filename: cleanFilename(file.filename) };
}

/** `<platform>/<yyyy>/<mm>/<random>`: unguessable, spread by month. */
export function storageKeyBase(platform: string, now = new Date()): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${platform}/${now.getUTCFullYear()}/${mm}/${randomBytes(16).toString('hex')}`;
}
