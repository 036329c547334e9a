/**
 * How the public pages (trace and product QR pages) show a product's cover: the thumbnail for
 * narrow screens, the full picture from 1200 px. The server preloads the cover with the same
 * candidates from the page's head (apps/server/src/modules/seo), so the browser starts it with
 * the HTML and fetches it once; the page's <img> (apps/web/src/trace/components/summary.tsx)
 * uses these too.
 */
export const COVER_SIZES = '(max-width: 640px) 100vw, 600px';

export interface CoverImage {
  url: string;
  thumbnail_url?: string | null;
}

/** The cover's `srcset`, or undefined without a thumbnail (then `src` alone). */
export function coverSrcSet(image: CoverImage): string | undefined {
  return image.thumbnail_url ? `${image.thumbnail_url} 320w, ${image.url} 1200w` : undefined;
}
