import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
} from '@agrihub/contract/constants';

/** Client-side pre-checks with the contract's limits (the server checks the content again). */
export function imageProblem(file: File): 'imageType' | 'imageTooLarge' | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

export function attachmentProblem(file: File): 'attachmentType' | 'attachmentTooLarge' | null {
  if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) return 'attachmentType';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'attachmentTooLarge';
  return null;
}

export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
export const ATTACHMENT_ACCEPT = ATTACHMENT_MIME_TYPES.join(',');
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);
export const ATTACHMENT_MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);
