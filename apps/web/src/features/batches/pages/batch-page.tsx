import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Result, Row, Tabs, Typography } from 'antd';
import { AlertOutlined, ArrowLeftOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useBatchHistoryQuery, useGetBatchQuery } from '../api/batches-api';
import { BatchForm } from '../components/batch-form';
import { BatchSummary } from '../components/batch-summary';
import { EventsPanel } from '../components/events-panel';
import { SharePanel } from '../components/share-panel';
import { StateActions, usePublishRefusal } from '../components/state-actions';
import { BatchStateTag } from '../../../components/status-tags';
import { batchToValues } from '../lib/batch-form';
import { LinkButton } from '../../../components/link-button';
import { ShipModal } from '../../../components/ship-modal';
import { ChainView } from '../../../components/chain-view';
import { EudrCard } from '../../../components/eudr-card';

/** /product-batches/{id}: details, events, state changes, history, QR and exports. */
export function BatchPage() {
  const { t } = useTranslation('batches');
  const { t: tc } = useTranslation('chain');
  const locale = currentLocale();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetBatchQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState(false);
  const [shipping, setShipping] = useState(false);
  const refusal = usePublishRefusal(query.data);

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <LinkButton to={paths.productBatches} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
        data-testid="batch-not-found"
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const batch = query.data;
  if (!batch) return <PageLoader />;
  const draft = batch.status === 'draft';

  return (
    <Flex vertical gap={16} data-testid="batch-page" data-state={batch.state}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <LinkButton
            to={paths.productBatches}
            aria-label={t('detail.backToList')}
            type="text"
            icon={<ArrowLeftOutlined />}
          />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('detail.title', { lot: batch.lot_code })}
          </Typography.Title>
          <BatchStateTag state={batch.state} />
        </Flex>
        <Flex gap={8} wrap>
          {(batch.state === 'draft' || batch.state === 'published') && batch.remaining_quantity > 0 && (
            <Button icon={<SendOutlined />} onClick={() => setShipping(true)} data-testid="ship-batch">
              {t('actions.ship')}
            </Button>
          )}
          <LinkButton
            to={`${paths.mockRecall}?lot_id=${batch.id}`}
            icon={<AlertOutlined />}
            data-testid="mock-recall-action"
          >
            {tc('mockRecallAction')}
          </LinkButton>
          <StateActions batch={batch} />
        </Flex>
      </Flex>
      <ShipModal open={shipping} lotId={batch.id} onClose={() => setShipping(false)} />
      {batch.state === 'recalled' && (
        <Alert
          type="error"
          showIcon
          title={t('detail.recalled', { date: formatDateTime(batch.recalled_at, locale) })}
          description={t('detail.reason', { reason: batch.recall_reason ?? '' })}
          data-testid="batch-recalled-alert"
        />
      )}
      {batch.state === 'on_hold' && (
        <Alert
          type="warning"
          showIcon
          title={t('detail.onHold', { date: formatDateTime(batch.held_at, locale) })}
          description={t('detail.reason', { reason: batch.hold_reason ?? '' })}
          data-testid="batch-hold-alert"
        />
      )}
      {batch.state === 'published' && (
        <Alert type="success" showIcon title={t('detail.publishedLocked')} data-testid="batch-published-alert" />
      )}
      {draft && !refusal && <Alert type="info" showIcon title={t('detail.draftHint')} />}
      {draft && refusal && (
        <Alert type="warning" showIcon title={t(`publishBlocked.${refusal}`)} data-testid="publish-blocked" />
      )}
      <Row gutter={16}>
        <Col span={16}>
          <Tabs
            defaultActiveKey="overview"
            items={[
              {
                key: 'overview',
                label: <span data-testid="overview-tab">{t('detail.overview')}</span>,
                children: (
                  <Flex vertical gap={16}>
                    {editing && draft ? (
                      <BatchForm
                        initial={batchToValues(batch)}
                        batchId={batch.id}
                        updatedAt={batch.updated_at}
                        onSaved={() => setEditing(false)}
                        onCancel={() => setEditing(false)}
                        onReload={() => {
                          setEditing(false);
                          void query.refetch();
                        }}
                      />
                    ) : (
                      <Card
                        title={t('detail.details')}
                        extra={
                          draft && (
                            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-batch">
                              {t('actions.edit')}
                            </Button>
                          )
                        }
                      >
                        <BatchSummary batch={batch} />
                      </Card>
                    )}
                    <EventsPanel batch={batch} />
                  </Flex>
                ),
              },
              {
                key: 'chain',
                label: <span data-testid="chain-tab">{tc('tab')}</span>,
                children: <ChainView lotId={batch.id} />,
              },
              {
                key: 'history',
                label: <span data-testid="history-tab">{t('detail.history')}</span>,
                children: <BatchHistory batchId={batch.id} />,
              },
            ]}
          />
        </Col>
        <Col span={8}>
          <Flex vertical gap={16}>
            <SharePanel batch={batch} />
            <EudrCard kind="lot" id={batch.id} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/** Who changed the batch, when, and what (GET /traceabilities/{id}/history), in the shared panel. */
function BatchHistory({ batchId }: { batchId: number }) {
  const { t } = useTranslation('batches');
  const [page, setPage] = useState(1);
  const history = useBatchHistoryQuery({ id: batchId, page }, { refetchOnMountOrArgChange: true });
  return (
    <ActivityHistory
      query={history}
      testId="batch-history"
      page={page}
      onPageChange={setPage}
      subject="batch"
      fieldLabel={(f) => t(`fields.${f.replace(/_id$/, '')}`, { defaultValue: f })}
    />
  );
}
