import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  DEPARTMENT_MAX_DOCUMENTS,
  isMessageKey,
  registerDepartmentFields,
  translate,
  type Locale,
  type RegisterDepartmentFields,
} from '@agrihub/contract';
import { AppError } from '../../lib/errors.js';
import { cleanFilename, megabytes } from '../uploads/receive.js';
import { sniffAttachment, type Sniffed } from '../uploads/sniff.js';

export const DOCUMENT_TYPES = 'PDF, JPEG, PNG, WebP, XLSX, DOCX';
const DOCUMENTS_FIELD = 'documents';
/** Text parts of the form: its fields and a little slack (unknown fields are ignored). */
const MAX_TEXT_PARTS = 30;

export interface Document {
  buffer: Buffer;
  filename: string;
  type: Sniffed;
}

export interface DepartmentForm {
  fields: RegisterDepartmentFields;
  documents: Document[];
}

interface FieldError {
  field: string;
  message: string;
}

/** A zod issue as a translated field error (contract message keys, with their bounds). */
function issueError(locale: Locale, issue: z.core.$ZodIssue): FieldError {
  const bounds: Record<string, string> = {};
  if ('maximum' in issue) bounds.max = String(issue.maximum);
  if ('minimum' in issue) bounds.min = String(issue.minimum);
  const key = isMessageKey(issue.message) ? issue.message : 'validation_failed';
  return { field: issue.path.join('.') || '(body)', message: translate(locale, key, bounds) };
}

/**
 * Reads the whole multipart form: every text field and up to DEPARTMENT_MAX_DOCUMENTS files in the
 * repeated part `documents`, each ≤ ATTACHMENT_MAX_BYTES and recognised by its content as in
 * /api/v1/attachments. Every problem of every field is reported at once (422 validation_failed).
 */
export async function readDepartmentForm(req: FastifyRequest): Promise<DepartmentForm> {
  const locale = req.locale;
  const errors: FieldError[] = [];
  const raw: Record<string, string> = {};
  const documents: Document[] = [];
  let fileCount = 0;
  if (!req.isMultipart()) throw new AppError(422, 'file_required', {}, [{ field: DOCUMENTS_FIELD, message: 'file_required' }]);

  // throwFileSizeLimit: false (read by the plugin, missing from its option type): a file over the
  // limit is reported on its own field while the other parts are still read.
  const parts = req.parts({
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: DEPARTMENT_MAX_DOCUMENTS + 1, fields: MAX_TEXT_PARTS },
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0]);
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== DOCUMENTS_FIELD) {
        await part.toBuffer();
        continue;
      }
      fileCount += 1;
      const buffer = await part.toBuffer();
      if (fileCount > DEPARTMENT_MAX_DOCUMENTS) continue;
      const field = `${DOCUMENTS_FIELD}.${fileCount - 1}`;
      const name = cleanFilename(part.filename);
      if (part.file.truncated) {
        errors.push({ field, message: `${name}: ${translate(locale, 'file_too_large', { max: megabytes(ATTACHMENT_MAX_BYTES) })}` });
        continue;
      }
      const type = buffer.length ? sniffAttachment(buffer) : null;
      if (!type) {
        errors.push({ field, message: `${name}: ${translate(locale, 'unsupported_file_type', { types: DOCUMENT_TYPES })}` });
        continue;
      }
      documents.push({ buffer, filename: name, type });
    }
  } catch (err) {
    // busboy's limits: more files than DEPARTMENT_MAX_DOCUMENTS + 1 or too many fields.
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') fileCount = DEPARTMENT_MAX_DOCUMENTS + 1;
    else if (code !== 'FST_FIELDS_LIMIT' && code !== 'FST_PARTS_LIMIT') throw err;
  }

  if (fileCount === 0) errors.push({ field: DOCUMENTS_FIELD, message: translate(locale, 'pleaseAttachDocuments') });
  if (fileCount > DEPARTMENT_MAX_DOCUMENTS)
    errors.push({ field: DOCUMENTS_FIELD, message: translate(locale, 'tooManyDocuments', { max: DEPARTMENT_MAX_DOCUMENTS }) });

  const parsed = registerDepartmentFields.safeParse(raw);
  if (!parsed.success) errors.unshift(...parsed.error.issues.map((i) => issueError(locale, i)));
  if (errors.length || !parsed.success) throw validationFailed(errors);
  return { fields: parsed.data, documents };
}

export function validationFailed(errors: FieldError[]): AppError {
  return new AppError(422, 'validation_failed', {}, errors);
}
