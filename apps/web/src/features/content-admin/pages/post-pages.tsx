import { useState } from 'react';
import { Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useGetPostQuery, usePostHistoryQuery } from '../api/content-admin-api';
import { PostEditor } from '../components/post-editor';
import { LinkButton } from '../../../components/link-button';

/** /admin/add-post */
export function AddPostPage() {
  return <PostEditor post={null} />;
}

/** /admin/posts/{id}: the post's form and its history. */
export function PostPage() {
  const { t } = useTranslation(['content-admin', 'common']);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const post = useGetPostQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = usePostHistoryQuery({ id, page: historyPage }, { skip: !valid, refetchOnMountOrArgChange: true });

  if (!valid || (isApiError(post.error) && post.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('content-admin:post.notFound')}
        extra={
          <LinkButton to={paths.adminPosts} type="primary">
            {t('content-admin:posts.backToList')}
          </LinkButton>
        }
        data-testid="post-not-found"
      />
    );
  }
  if (post.isError) return <QueryError error={post.error} onRetry={() => void post.refetch()} />;
  if (!post.data) return <PageLoader />;
  return (
    <Flex vertical gap={16}>
      <PostEditor key={post.data.id} post={post.data} />
      <Card title={t('common:activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="post-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="post"
          fieldLabel={(f) => t(`content-admin:fields.${f}`, { defaultValue: f })}
        />
      </Card>
    </Flex>
  );
}
