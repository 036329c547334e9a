import { t } from '../i18n';

/** The page numbers shown around `page`: first, last, neighbours, and gaps (null). */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** Server paging as links (each page has its URL: shareable, and the back button works). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pagination')} data-testid="pager">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" data-testid="pager-prev">
          ‹ <span className="pager-word">{t('previous')}</span>
        </a>
      ) : (
        <span className="pager-off" aria-hidden="true">
          ‹
        </span>
      )}
      {pageWindow(page, pages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <a
            key={n}
            href={href(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('pageN', { page: n })}
            className={n === page ? 'current' : undefined}
          >
            {n}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={href(page + 1)} rel="next" data-testid="pager-next">
          <span className="pager-word">{t('next')}</span> ›
        </a>
      ) : (
        <span className="pager-off" aria-hidden="true">
          ›
        </span>
      )}
    </nav>
  );
}
