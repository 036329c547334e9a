import { createRoot } from 'react-dom/client';

/** Placeholder of the diary's screens (the diary helper's app replaces it): the page's own title. */
export function mountDiary(el: HTMLElement): void {
  createRoot(el).render(<h1 data-testid="diary-title">{document.title.split(' · ')[0]}</h1>);
}
