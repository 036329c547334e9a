import { useEffect } from 'react';
import { applyBranding } from '../../light/platform';

/** The tab's title (the server wrote it for the first page; client navigation keeps it right). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) applyBranding(title);
  }, [title]);
}
