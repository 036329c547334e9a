import { useState } from 'react';
import { App, Button, Card, Flex, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PurchaseOrder } from '@agrihub/contract/schemas/purchase-orders';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import { useAppSelector } from '../../../stores/hooks';
import { PURCHASE_ORDERS_URL, useGetPurchaseOrderQuery } from '../api/purchase-orders-api';
import { MoveActions } from '../components/move-actions';
import { OrderEditor } from '../components/order-editor';
import { OrderView } from '../components/order-view';
import { PurchaseOrderStatusTag } from '../components/status-tag';
import { LinkButton } from '../../../components/link-button';

/** /admin/add-purchase-order */
export function AddPurchaseOrderPage() {
  return <OrderEditor order={null} />;
}

/** Downloads the order's PDF "Đơn đặt hàng" (with the session's token). */
function PdfButton({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation('purchase-orders');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchPrivateFile(token, `/${PURCHASE_ORDERS_URL}/${order.id}/pdf`, `${order.code}.pdf`);
      saveBlob(file.blob, file.filename);
    } catch (e) {
      void message.error((e as Error).message || t('errors.pdf'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()} data-testid="order-pdf">
      {t('view.pdf')}
    </Button>
  );
}

/**
 * /admin/purchase-orders/{id}: its status and moves, the PDF, the form while the server says the
 * reader may edit it (`editable`: the update ability, not approved or cancelled, and not an order
 * awaiting an approval the reader could give: four-eyes, ADR 031) or the read-only order, and its
 * history.
 */
export function PurchaseOrderPage() {
  const { t } = useTranslation(['purchase-orders', 'common']);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetPurchaseOrderQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={
          <LinkButton to={paths.adminPurchaseOrders} type="primary">
            {t('backToList')}
          </LinkButton>
        }
        data-testid="order-not-found"
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader />;
  const { purchase_order: order, history } = query.data;

  return (
    <Flex vertical gap={16} data-testid="purchase-order-page" data-status={order.status}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space size={12}>
            <Typography.Text strong data-testid="order-code">
              {order.code}
            </Typography.Text>
            <PurchaseOrderStatusTag status={order.status} />
          </Space>
          <Space wrap>
            <MoveActions order={order} />
            <PdfButton order={order} />
          </Space>
        </Flex>
      </Card>
      {order.editable ? (
        <OrderEditor key={`${order.id}-${order.updated_at}`} order={order} />
      ) : (
        <>
          <Flex vertical gap={4}>
            <Link to={paths.adminPurchaseOrders}>
              <ArrowLeftOutlined /> {t('backToList')}
            </Link>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('view.title', { code: order.code })}
            </Typography.Title>
          </Flex>
          <OrderView order={order} />
        </>
      )}
      <Card title={t('common:activity.title')} size="small">
        <ActivityHistory
          query={{ data: { history }, isFetching: query.isFetching, isError: false, refetch: query.refetch }}
          testId="order-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="purchase_order"
          fieldLabel={(f) => t(`fields.${f}`, { defaultValue: f })}
        />
      </Card>
    </Flex>
  );
}
