import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
} from '@agrihub/contract/constants';

export type UploadKind = 'image' | 'attachment';

/** Client-side pre-check with the contract's limits (the server sniffs the content again). */
export function uploadProblem(kind: UploadKind, file: File): 'type' | 'size' | null {
  const types: readonly string[] = kind === 'image' ? IMAGE_MIME_TYPES : ATTACHMENT_MIME_TYPES;
  if (!types.includes(file.type)) return 'type';
  if (file.size > (kind === 'image' ? IMAGE_MAX_BYTES : ATTACHMENT_MAX_BYTES)) return 'size';
  return null;
}

export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: IMAGE_MIME_TYPES.join(','),
  attachment: ATTACHMENT_MIME_TYPES.join(','),
};
export const UPLOAD_MAX_MB: Record<UploadKind, number> = {
  image: IMAGE_MAX_BYTES / (1024 * 1024),
  attachment: ATTACHMENT_MAX_BYTES / (1024 * 1024),
};
