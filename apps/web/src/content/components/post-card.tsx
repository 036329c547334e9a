import type { PublicPostSummary } from '@agrihub/contract/schemas/content';
import { formatDateTime } from '../i18n';
import { postHref } from '../route';

/** A post's cover: its thumbnail on phones, the full image on wide screens; lazy, sized (no layout shift). */
export function Cover({
  cover,
  sizes,
  eager = false,
}: {
  cover: PublicPostSummary['cover'];
  sizes: string;
  eager?: boolean;
}) {
  if (!cover) return <div className="cover cover-empty" aria-hidden="true" />;
  const srcSet = cover.thumbnail_url ? `${cover.thumbnail_url} 320w, ${cover.url} 1200w` : undefined;
  return (
    <img
      className="cover"
      src={cover.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      width={640}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}

export function PostCard({ post, compact = false }: { post: PublicPostSummary; compact?: boolean }) {
  return (
    <article className={compact ? 'post-card compact' : 'post-card'} data-testid="post-card">
      <a className="post-card-link" href={postHref(post.slug)}>
        <Cover cover={post.cover} sizes="(min-width: 1000px) 300px, (min-width: 640px) 45vw, 100vw" />
        <div className="post-card-body">
          <span className="eyebrow">{post.category.name}</span>
          <h3 className="post-card-title">{post.title}</h3>
          <time className="muted small" dateTime={post.published_at}>
            {formatDateTime(post.published_at)}
          </time>
          {!compact && post.summary && <p className="post-card-summary">{post.summary}</p>}
        </div>
      </a>
    </article>
  );
}
