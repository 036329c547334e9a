import { useMemo } from 'react';
import type { PostCategory } from '@agrihub/contract/schemas/content';
import { fetchCategories, fetchPosts } from '../api';
import { buildTree, categoryTrail } from '../categories';
import { t } from '../i18n';
import { newsHref, type ContentRoute } from '../route';
import { useLoad } from '../use-load';
import { CategoryNav } from '../components/category-nav';
import { Pager } from '../components/pager';
import { PostCard } from '../components/post-card';
import { SearchBox } from '../components/search-box';
import { Empty, LoadError, Loading, NotFound } from '../components/states';
import { usePageTitle } from './page-title';

type NewsRoute = Extract<ContentRoute, { kind: 'news' }>;

const NO_CATEGORIES: PostCategory[] = [];

function Breadcrumb({ trail }: { trail: PostCategory[] }) {
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb')} data-testid="breadcrumb">
      <ol>
        <li>
          <a href={newsHref()}>{t('news')}</a>
        </li>
        {trail.map((c, i) => (
          <li key={c.id}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{c.name}</span>
            ) : (
              <a href={newsHref({ categoryId: c.id })}>{c.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** /news and /news/categories/{id}: newest posts first, the category tree, search (accent-free), server paging. */
export function NewsPage({ route }: { route: NewsRoute }) {
  const { categoryId, q, page } = route;
  const categories = useLoad('categories', (signal) => fetchCategories(signal));
  const posts = useLoad(`${categoryId}|${q}|${page}`, (signal) => fetchPosts({ categoryId, q, page }, signal));
  const list = categories.state.kind === 'ok' ? categories.state.value : NO_CATEGORIES;
  const tree = useMemo(() => buildTree(list), [list]);
  const trail = categoryId ? categoryTrail(list, categoryId) : [];
  const current = trail.length ? trail[trail.length - 1] : null;
  const unknownCategory = categoryId !== null && categories.state.kind === 'ok' && !current;
  const title = categoryId ? (current?.name ?? null) : t('news');
  usePageTitle(unknownCategory ? t('categoryNotFound') : title);

  if (unknownCategory || (categoryId !== null && posts.state.kind === 'notFound')) {
    return (
      <NotFound title={t('categoryNotFound')}>
        <a href={newsHref()}>{t('backToNews')}</a>
      </NotFound>
    );
  }

  const shown = posts.state.kind === 'ok' ? posts.state.value : posts.stale;
  const total = shown?.meta.total_count ?? 0;
  const pages = shown ? Math.max(1, Math.ceil(total / shown.meta.per_page)) : 1;

  return (
    <div className="news-layout">
      <CategoryNav tree={tree} current={categoryId} />
      <section className="news-main" aria-busy={posts.state.kind === 'loading'}>
        {categoryId !== null && <Breadcrumb trail={trail} />}
        <h1 data-testid="news-title">{title ?? t('news')}</h1>
        <SearchBox
          q={q}
          label={t('searchPosts')}
          placeholder={t('searchPostsPlaceholder')}
          href={(text) => newsHref({ categoryId, q: text })}
          testId="news-search"
        />
        {q && shown && (
          <p className="result-line" data-testid="news-results">
            {t('resultsFor', { count: total, q })}{' '}
            <a href={newsHref({ categoryId })} className="small">
              {t('clearSearch')}
            </a>
          </p>
        )}
        {posts.state.kind === 'error' && <LoadError message={posts.state.message} retry={posts.retry} />}
        {posts.state.kind === 'loading' && !shown && <Loading />}
        {shown && shown.posts.length === 0 && (
          <Empty text={q ? t('noPostResults', { q }) : t('noPosts')} testId="news-empty" />
        )}
        {shown && shown.posts.length > 0 && (
          <div className="post-grid" data-testid="post-list">
            {shown.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
        {shown && <Pager page={page} pages={pages} href={(n) => newsHref({ categoryId, q, page: n })} />}
      </section>
    </div>
  );
}
