import { App, Button, Card, Empty, Flex, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@agrihub/contract/schemas/service-requests';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { AccentTag } from '../../../components/accent-tag';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useReplyToRequestMutation } from '../api/services-api';
import { FileLinks } from './file-links';
import { FilesField } from './files-field';

/** Most files on one reply (contract serviceRequestNoteCreate). */
const REPLY_FILES_MAX = 10;

/**
 * The conversation on a request: the notes the producer may see (the server never sends internal
 * ones) and a reply with files. No reply on a locked or finished request.
 */
export function NotesPanel({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation(['services', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string; files?: Upload[] }>();
  const [reply, { isLoading }] = useReplyToRequestMutation();
  const canReply = !request.locked && request.step !== 'cancelled' && request.step !== 'done';
  const notes = request.notes.filter((n) => !n.internal);

  const onFinish = async ({ body, files }: { body: string; files?: Upload[] }) => {
    try {
      await reply({ id: request.id, body: body.trim(), attachments: (files ?? []).map((f) => f.id) }).unwrap();
      form.resetFields();
      void message.success(t('services:notes.sent'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <Card title={t('services:notes.title')} data-testid="request-notes">
      {notes.length === 0 ? (
        <Empty description={t('services:notes.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          dataSource={notes}
          renderItem={(n) => (
            <List.Item key={n.id} data-testid={`request-note-${n.id}`}>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong>{n.author?.name ?? t('services:notes.system')}</Typography.Text>
                  {n.author?.staff && <AccentTag>{t('services:notes.staff')}</AccentTag>}
                  <Typography.Text type="secondary">{formatDateTime(n.created_at, currentLocale())}</Typography.Text>
                </Flex>
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                  {n.body}
                </Typography.Paragraph>
                <FileLinks files={n.attachments} />
              </Flex>
            </List.Item>
          )}
        />
      )}
      {canReply && (
        <Form
          name="request-notes"
          noValidate
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={isLoading}
          style={{ marginTop: 16 }}
        >
          <Form.Item
            name="body"
            label={t('services:notes.reply')}
            rules={[{ required: true, whitespace: true, message: t('services:notes.bodyRequired') }, { max: 5000 }]}
          >
            <Input.TextArea rows={3} maxLength={5000} data-testid="reply-body" />
          </Form.Item>
          <Form.Item name="files">
            <FilesField max={REPLY_FILES_MAX} testId="reply-files" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="reply-submit">
            {t('services:notes.send')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
