import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  errorEnvelope,
  upload as uploadSchema,
  type Upload,
} from '@agrihub/contract';
import { uploads } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { assertProducerWritable } from '../producers/guard.js';
import { receiveFile, storageKeyBase } from './receive.js';
import { sniffAttachment, sniffImage, type Sniffed } from './sniff.js';

const IMAGE_TYPES = 'JPEG, PNG, WebP';
const ATTACHMENT_TYPES = 'PDF, JPEG, PNG, WebP, XLSX, DOCX';
const THUMBNAIL_WIDTH = 320;
/** Refuse decompression bombs: 40 megapixels is far above any product photo. */
const MAX_PIXELS = 40_000_000;

interface Stored {
  kind: 'image' | 'attachment';
  key: string;
  thumbnailKey: string | null;
  type: Sniffed;
  body: Buffer;
  filename: string;
}

/** Re-encodes an image (auto-rotated, metadata such as GPS stripped) and makes a 320 px WebP thumbnail. */
async function processImage(buf: Buffer, type: Sniffed): Promise<{ main: Buffer; thumb: Buffer }> {
  const open = () => sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  const encode = (s: Sharp) =>
    type.ext === 'png' ? s.png() : type.ext === 'webp' ? s.webp({ quality: 85 }) : s.jpeg({ quality: 85 });
  const main = await encode(open()).toBuffer();
  const thumb = await open()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { main, thumb };
}

export default async function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A closed producer's accounts upload nothing (contract: producerWriteRefusal). */
  async function assertMayUpload(req: FastifyRequest) {
    const { producerId } = currentUser(req);
    if (producerId) await assertProducerWritable(app.db, producerId);
  }

  async function save(req: FastifyRequest, s: Stored, thumb: Buffer | null): Promise<Upload> {
    const user = currentUser(req);
    await app.storage.put(s.key, s.body);
    if (s.thumbnailKey && thumb) await app.storage.put(s.thumbnailKey, thumb);
    try {
      const [row] = await app.db
        .insert(uploads)
        .values({
          platform: req.platform,
          userId: user.id,
          kind: s.kind,
          storageKey: s.key,
          thumbnailKey: s.thumbnailKey,
          contentType: s.type.mime,
          byteSize: s.body.length,
          filename: s.filename,
        })
        .returning();
      return {
        id: row.id,
        url: app.storage.url(s.key),
        thumbnail_url: s.thumbnailKey ? app.storage.url(s.thumbnailKey) : null,
        content_type: s.type.mime,
        byte_size: s.body.length,
        filename: s.filename,
      };
    } catch (err) {
      await app.storage.remove(s.key);
      if (s.thumbnailKey) await app.storage.remove(s.thumbnailKey);
      throw err;
    }
  }

  const multipartSchema = (summary: string, key: 'image' | 'attachment') => ({
    tags: ['uploads'],
    summary,
    consumes: ['multipart/form-data'],
    response: { 201: z.object({ data: z.object({ [key]: uploadSchema }) }), 422: errorEnvelope },
  });

  r.post(
    '/api/v1/images',
    {
      config: { access: 'user' },
      schema: multipartSchema(
        'Upload an image (JPEG/PNG/WebP by content, ≤ 5 MB); a 320 px thumbnail is made',
        'image',
      ),
    },
    async (req, reply) => {
      await assertMayUpload(req);
      const { buffer, filename } = await receiveFile(req, IMAGE_MAX_BYTES);
      const type = sniffImage(buffer);
      if (!type) throw unprocessable('unsupported_file_type', { types: IMAGE_TYPES }, 'file');
      const processed = await processImage(buffer, type).catch(() => {
        throw unprocessable('unsupported_file_type', { types: IMAGE_TYPES }, 'file');
      });
      const base = storageKeyBase(req.platform);
      const image = await save(
        req,
        {
          kind: 'image',
          key: `${base}.${type.ext}`,
          thumbnailKey: `${base}-thumb.webp`,
          type,
          body: processed.main,
          filename,
        },
        processed.thumb,
      );
      reply.status(201);
      return { data: { image } };
    },
  );

  r.post(
    '/api/v1/attachments',
    {
      config: { access: 'user' },
      schema: multipartSchema('Upload a document (PDF, image, XLSX, DOCX by content, ≤ 20 MB)', 'attachment'),
    },
    async (req, reply) => {
      await assertMayUpload(req);
      const { buffer, filename } = await receiveFile(req, ATTACHMENT_MAX_BYTES);
      const type = sniffAttachment(buffer);
      if (!type) throw unprocessable('unsupported_file_type', { types: ATTACHMENT_TYPES }, 'file');
      const key = `${storageKeyBase(req.platform)}.${type.ext}`;
      const attachment = await save(
        req,
        { kind: 'attachment', key, thumbnailKey: null, type, body: buffer, filename },
        null,
      );
      reply.status(201);
      return { data: { attachment } };
    },
  );
}
