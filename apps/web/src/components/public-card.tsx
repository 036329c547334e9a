import type { ReactNode } from 'react';

/**
 * The white panel of the public pages. Plain HTML on purpose: antd's Card and Typography pull
 * tabs, menus, tooltips and editors into the login bundle (about 45 KB gzip) for a box and a heading.
 */
export function PublicCard({
  title,
  subtitle,
  children,
  wide = false,
  testId,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <section className={wide ? 'public-card public-card-wide' : 'public-card'} data-testid={testId}>
      {title && <h1 className="public-title">{title}</h1>}
      {subtitle && <p className="public-muted">{subtitle}</p>}
      {children}
    </section>
  );
}
