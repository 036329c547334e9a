import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Image, Popconfirm, Space, Tag, Timeline, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PaperClipOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { paths } from '../../../config/paths';
import type { Batch, TraceEvent } from '@agrihub/contract/schemas/traceabilities';
import { AccentTag } from '../../../components/accent-tag';
import { useEnumLabel } from '../../../lib/enums';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useDeleteEventMutation, useReorderEventsMutation } from '../api/batches-api';
import { EventModal } from './event-modal';
import { FileLink } from '../../../components/file-link';

/**
 * The batch's events as a timeline. A draft's events can be edited, moved and deleted; a published
 * batch only gains new events; a recalled one is final.
 */
export function EventsPanel({ batch }: { batch: Batch }) {
  const { t } = useTranslation('batches');
  const label = useEnumLabel();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [editing, setEditing] = useState<{ event: TraceEvent | null } | null>(null);
  const [remove] = useDeleteEventMutation();
  const [reorder, reordering] = useReorderEventsMutation();
  const draft = batch.status === 'draft';
  const canAdd = batch.state !== 'recalled';
  const events = batch.events;

  const fail = (error: unknown) => void message.error(isApiError(error) ? error.message : t('errors.generic'));
  const move = (index: number, delta: -1 | 1) => {
    const ids = events.map((e) => e.id);
    [ids[index], ids[index + delta]] = [ids[index + delta], ids[index]];
    reorder({ id: batch.id, eventIds: ids }).unwrap().catch(fail);
  };
  const del = (event: TraceEvent) =>
    remove({ id: batch.id, eventId: event.id })
      .unwrap()
      .then((a) => void message.success(a.meta?.message ?? t('events.deleted')))
      .catch(fail);

  return (
    <Card
      title={t('events.title', { count: events.length })}
      extra={
        canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ event: null })}
            data-testid="add-event"
          >
            {t('events.add')}
          </Button>
        )
      }
    >
      {!draft && canAdd && <Typography.Paragraph type="secondary">{t('events.publishedHint')}</Typography.Paragraph>}
      {events.length === 0 ? (
        <Empty description={t('events.empty')} data-testid="events-empty" />
      ) : (
        <Timeline
          data-testid="batch-timeline"
          items={events.map((event, index) => ({
            key: event.id,
            content: (
              <Flex vertical gap={4} data-testid="batch-event" data-step={event.step}>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <Space wrap>
                    <AccentTag>{label('traceStep', event.step)}</AccentTag>
                    <Typography.Text type="secondary">{formatDateTime(event.occurred_at, locale)}</Typography.Text>
                    {event.origin === 'captured' && (
                      <Tag color="purple" data-testid="batch-event-partner">
                        {t('events.partnerEvent', { name: event.captured_by ?? '' })}
                      </Tag>
                    )}
                  </Space>
                  {draft && event.origin === 'own' && (
                    <Space size={0}>
                      <Tooltip title={t('events.moveUp')}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0 || reordering.isLoading}
                          onClick={() => move(index, -1)}
                          aria-label={t('events.moveUp')}
                          data-testid="event-move-up"
                        />
                      </Tooltip>
                      <Tooltip title={t('events.moveDown')}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          disabled={index === events.length - 1 || reordering.isLoading}
                          onClick={() => move(index, 1)}
                          aria-label={t('events.moveDown')}
                          data-testid="event-move-down"
                        />
                      </Tooltip>
                      <Tooltip title={t('actions.edit')}>
                        <Button
                          size="small"
                          type="text"
                          icon={<EditOutlined />}
                          onClick={() => setEditing({ event })}
                          aria-label={t('actions.edit')}
                          data-testid="edit-event"
                        />
                      </Tooltip>
                      <Popconfirm
                        title={t('events.deleteConfirm')}
                        okText={t('actions.delete')}
                        cancelText={t('actions.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => del(event)}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('actions.delete')}
                          data-testid="delete-event"
                        />
                      </Popconfirm>
                    </Space>
                  )}
                </Flex>
                {(event.place || event.location) && (
                  <Typography.Text data-testid="event-place-text">
                    <EnvironmentOutlined />{' '}
                    {event.location ? (
                      <Link
                        to={generatePath(paths.location, { id: String(event.location.id) })}
                        data-testid="event-location-link"
                      >
                        {event.location.name}
                      </Link>
                    ) : null}
                    {event.place && event.place !== event.location?.name
                      ? `${event.location ? ' · ' : ''}${event.place}`
                      : null}
                  </Typography.Text>
                )}
                {event.description && (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
                    {event.description}
                  </Typography.Paragraph>
                )}
                {event.photos.length > 0 && (
                  <Flex wrap gap={6}>
                    <Image.PreviewGroup>
                      {event.photos.map((p, i) => (
                        <Image
                          key={p.id}
                          src={p.thumbnail_url ?? p.url}
                          alt={t('events.photoAlt', { n: i + 1, step: label('traceStep', event.step) })}
                          preview={{ src: p.url }}
                          width={72}
                          height={72}
                          style={{ objectFit: 'cover', borderRadius: 6 }}
                        />
                      ))}
                    </Image.PreviewGroup>
                  </Flex>
                )}
                {event.documents.map((d) => (
                  <FileLink key={d.id} url={d.url} filename={d.filename}>
                    <PaperClipOutlined /> {d.filename}
                  </FileLink>
                ))}
              </Flex>
            ),
          }))}
        />
      )}
      <EventModal
        batchId={batch.id}
        event={editing?.event ?? null}
        open={!!editing}
        onClose={() => setEditing(null)}
        onSaved={() => undefined}
      />
    </Card>
  );
}
