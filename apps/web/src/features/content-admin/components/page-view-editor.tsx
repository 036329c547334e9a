import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router';
import {
  CONTENT_SLUG_MAX,
  CONTENT_TITLE_MAX,
  pageViewInput,
  slugify,
  type AdminPageView,
  type PageViewStatus,
} from '@agrihub/contract/schemas/content';
import { useLeaveGuard } from '../../../components/leave-guard';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { useEnumLabel } from '../../../lib/enums';
import { contractRule } from '../../../lib/form-rules';
import { useCreatePageViewMutation, useUpdatePageViewMutation } from '../api/content-admin-api';
import { pageViewInputOf, pageViewToValues, showSaveError, type PageViewFormValues } from '../lib/content-form';
import { SeoPanel } from './seo-panel';

const FIELDS = ['slug', 'title', 'body', 'status', 'meta_title', 'meta_description', 'meta_image'];

/**
 * A page view's form (/admin/page-views/create, /admin/page-views/{id}): an editable static page
 * (DESIGN §5.4) with its slug, title, body, status and SEO metadata. Save draft / Publish; field
 * errors under the fields, input kept on failure, leaving with unsaved changes asks first.
 */
export function PageViewEditor({ page }: { page: AdminPageView | null }) {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const ability = useAppAbility();
  const canSave = ability.can(page ? 'update' : 'create', 'post');
  const [form] = Form.useForm<PageViewFormValues>();
  const initial = useMemo(() => pageViewToValues(page), [page]);
  const [create, creating] = useCreatePageViewMutation();
  const [update, updating] = useUpdatePageViewMutation();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pressed, setPressed] = useState<PageViewStatus | null>(null);
  const slugFollows = useRef(!page);
  const { prompt, release } = useLeaveGuard(dirty);
  const saving = creating.isLoading || updating.isLoading;
  const rule = (field: string) =>
    contractRule(pageViewInput, field, t, (v) => pageViewInputOf(v as unknown as PageViewFormValues));

  const save = async (target: PageViewStatus) => {
    setFailure(null);
    setPressed(target);
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      setPressed(null);
      return;
    }
    const body = pageViewInputOf(form.getFieldsValue(true) as PageViewFormValues, target);
    try {
      const answer = page ? await update({ id: page.id, body }).unwrap() : await create(body).unwrap();
      void message.success(answer.message ?? t(`pageView.saved.${answer.item.status}`));
      setDirty(false);
      if (!page) {
        release();
        void navigate(generatePath(paths.adminPageView, { id: String(answer.item.id) }), { replace: true });
      } else {
        form.setFieldsValue(pageViewToValues(answer.item));
      }
    } catch (e) {
      showSaveError(form, e, FIELDS, {
        failure: setFailure,
        toast: (text) => void message.error(text),
        generic: t('errors.generic'),
      });
    } finally {
      setPressed(null);
    }
  };

  const draftButton = (onClick?: () => void) => (
    <Button loading={saving && pressed === 'draft'} disabled={saving} onClick={onClick} data-testid="save-draft">
      {page?.status === 'published' ? t('pageView.unpublish') : t('post.saveDraft')}
    </Button>
  );

  return (
    <Flex vertical gap={16} data-testid="page-view-editor">
      {prompt}
      <Flex justify="space-between" align="center">
        <Flex vertical gap={4}>
          <Link to={paths.adminPageViews}>
            <ArrowLeftOutlined /> {t('pageViews.backToList')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {page ? t('pageView.editTitle') : t('pageView.createTitle')}
          </Typography.Title>
        </Flex>
        {page && <Typography.Text type="secondary">{label('pageViewStatus', page.status)}</Typography.Text>}
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} data-testid="page-view-error" />}
      <Form<PageViewFormValues>
        name="page-view"
        noValidate
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={(changed: Partial<PageViewFormValues>) => {
          setDirty(true);
          if ('slug' in changed) slugFollows.current = false;
          if ('title' in changed && slugFollows.current) form.setFieldValue('slug', slugify(changed.title ?? ''));
        }}
        data-testid="page-view-form"
      >
        <Row gutter={16} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Card>
              <Form.Item name="title" label={t('fields.title')} required rules={[rule('title')]}>
                <Input maxLength={CONTENT_TITLE_MAX} showCount data-testid="page-view-title" />
              </Form.Item>
              <Form.Item
                name="slug"
                label={t('fields.slug')}
                required
                extra={t('pageView.slugHelp')}
                rules={[rule('slug')]}
                normalize={(v: string) => v.toLowerCase().replace(/\s+/g, '-')}
              >
                <Input maxLength={CONTENT_SLUG_MAX} addonBefore="/" data-testid="page-view-slug" />
              </Form.Item>
              <Form.Item name="body" label={t('fields.body')} required rules={[rule('body')]}>
                <RichTextEditor testId="page-view-body" ariaLabel={t('fields.body')} minHeight={360} />
              </Form.Item>
            </Card>
          </Col>
          <Col flex="340px">
            <Flex vertical gap={16}>
              <Card title={t('post.publishing')} size="small" data-testid="publish-panel">
                <Typography.Paragraph type="secondary">
                  {page?.status === 'published' ? t('pageView.isPublished') : t('pageView.isDraft')}
                </Typography.Paragraph>
                {canSave && (
                  <Flex gap={8} wrap>
                    {page?.status === 'published' ? (
                      <Popconfirm
                        title={t('pageView.unpublishConfirm')}
                        okText={t('pageView.unpublish')}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => save('draft')}
                      >
                        {draftButton()}
                      </Popconfirm>
                    ) : (
                      draftButton(() => void save('draft'))
                    )}
                    <Button
                      type="primary"
                      loading={saving && pressed === 'published'}
                      disabled={saving}
                      onClick={() => void save('published')}
                      data-testid="publish"
                    >
                      {page?.status === 'published' ? t('post.update') : t('post.publish')}
                    </Button>
                  </Flex>
                )}
              </Card>
              <SeoPanel />
            </Flex>
          </Col>
        </Row>
      </Form>
    </Flex>
  );
}
