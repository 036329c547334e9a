/** A photo is stored and sent at most this wide or tall (issue 28): a phone's 12 MP picture becomes ~300 KB. */
export const PHOTO_MAX_PX = 1600;
const JPEG_QUALITY = 0.82;

/** The size that fits `max` on its longer side, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The camera's picture as a JPEG of at most PHOTO_MAX_PX, made on the phone before it is stored,
 * so the queue holds and later sends small files. The EXIF orientation is applied
 * (createImageBitmap's imageOrientation 'from-image'); the metadata (GPS) is not kept.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', JPEG_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
