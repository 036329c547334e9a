import { fetchPost } from '../api';
import { formatDateTime, formatNumber, t } from '../i18n';
import { newsHref, postHref } from '../route';
import { useLoad } from '../use-load';
import { ContactForm } from '../components/contact-form';
import { Cover, PostCard } from '../components/post-card';
import { ShareLinks } from '../components/share-links';
import { LoadError, Loading, NotFound } from '../components/states';
import { usePageTitle } from './page-title';

/** /news/{id or slug}: the post (body HTML as the server cleaned it), related posts, share links, the contact form. */
export function PostPage({ idOrSlug }: { idOrSlug: string }) {
  const { state, retry } = useLoad(`post:${idOrSlug}`, (signal) => fetchPost(idOrSlug, signal));
  const post = state.kind === 'ok' ? state.value.post : null;
  usePageTitle(post ? post.title : state.kind === 'notFound' ? t('postNotFound') : null);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'error') return <LoadError message={state.message} retry={retry} />;
  if (state.kind !== 'ok') {
    return (
      <NotFound title={t('postNotFound')} hint={t('postNotFoundHint')}>
        <a href={newsHref()}>{t('backToNews')}</a>
      </NotFound>
    );
  }
  const { post: p, related } = state.value;
  const trail = p.category.path.split(' > ');
  const url = `${window.location.origin}${postHref(p.slug)}`;

  return (
    <div className="post-layout">
      <article className="post" data-testid="post">
        <nav className="breadcrumb" aria-label={t('breadcrumb')} data-testid="post-breadcrumb">
          <ol>
            <li>
              <a href={newsHref()}>{t('news')}</a>
            </li>
            {trail.map((name, i) => (
              <li key={`${i}-${name}`}>
                {i === trail.length - 1 ? <a href={newsHref({ categoryId: p.category.id })}>{name}</a> : name}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="post-title" data-testid="post-title">
          {p.title}
        </h1>
        <p className="post-meta muted small">
          <time dateTime={p.published_at} data-testid="post-date">
            {t('publishedAt', { date: formatDateTime(p.published_at) })}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{t('views', { count: formatNumber(p.view_count) })}</span>
        </p>
        {p.summary && <p className="post-summary">{p.summary}</p>}
        {p.cover && (
          <figure className="post-cover">
            <Cover cover={p.cover} sizes="(min-width: 820px) 760px, 100vw" eager />
          </figure>
        )}
        <div
          className="prose"
          data-testid="post-body"
          // Rich text cleaned on the server by its allow-list; the page's CSP forbids inline scripts too.
          dangerouslySetInnerHTML={{ __html: p.body }}
        />
        <ShareLinks url={url} title={p.title} />
      </article>
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title" data-testid="related-posts">
          <h2 id="related-title">{t('related')}</h2>
          <div className="post-grid compact">
            {related.map((r) => (
              <PostCard key={r.id} post={r} compact />
            ))}
          </div>
        </section>
      )}
      <ContactForm />
    </div>
  );
}
