import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import type { Sharp } from 'sharp';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  errorEnvelope,
  idParam,
  privateFileUrl,
  upload as uploadSchema,
  type UploadVisibility,
  type Upload,
} from '@agrihub/contract';
import { uploads } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { setPrivateFileHeaders } from '../../plugins/storage.js';
import { assertProducerWritable } from '../producers/guard.js';
import { mayReadUpload } from './access.js';
import { receiveFile, storageKeyBase } from './receive.js';
import { sniffAttachment, sniffImage, type Sniffed } from './sniff.js';
import { acceptMultipart } from '../../plugins/multipart.js';

const IMAGE_TYPES = 'JPEG, PNG, WebP';
const ATTACHMENT_TYPES = 'PDF, JPEG, PNG, WebP, XLSX, DOCX';
const THUMBNAIL_WIDTH = 320;
/** Refuse decompression bombs: 40 megapixels is far above any product photo. */
const MAX_PIXELS = 40_000_000;

interface Stored {
  kind: 'image' | 'attachment';
  /**
   * Images (photos, thumbnails, covers, logos, pictures in rich text: things shown to the public)
   * are public at once; documents stay private until put on something public (ADR 033).
   */
  visibility: UploadVisibility;
  key: string;
  thumbnailKey: string | null;
  type: Sniffed;
  body: Buffer;
  filename: string;
}

/** Re-encodes an image (auto-rotated, metadata such as GPS stripped) and makes a 320 px WebP thumbnail. */
async function processImage(buf: Buffer, type: Sniffed): Promise<{ main: Buffer; thumb: Buffer }> {
  // Loaded on the first upload: most requests of a node never touch an image.
  const { default: sharp } = await import('sharp');
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
  await acceptMultipart(app);
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
          visibility: s.visibility,
        })
        .returning();
      const shown = s.visibility === 'public';
      return {
        id: row.id,
        url: shown ? app.storage.url(s.key) : privateFileUrl(row.id),
        thumbnail_url: shown && s.thumbnailKey ? app.storage.url(s.thumbnailKey) : null,
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
          visibility: 'public',
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
        { kind: 'attachment', visibility: 'private', key, thumbnailKey: null, type, body: buffer, filename },
        null,
      );
      reply.status(201);
      return { data: { attachment } };
    },
  );

  r.get(
    '/api/v1/uploads/:id/content',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary:
          'A file of the platform, to an account that may read the record it belongs to (checked on every request); Cache-Control: private, no-store',
        params: idParam,
        response: { 200: z.any(), 401: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const [row] = await app.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, req.params.id), eq(uploads.platform, req.platform)))
        .limit(1);
      // Someone else's file is not found: its id tells nothing.
      if (!row || !(await mayReadUpload(app.db, currentUser(req), row))) throw notFound();
      const body = await app.storage.get(row.storageKey);
      if (!body) throw notFound();
      setPrivateFileHeaders(reply, row.filename);
      return reply.type(row.contentType).send(body);
    },
  );
}
