import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaleChannelReferenceDetail } from '../../../components/sale-channel-reference-detail';
import { paths } from '../../../config/paths';
import { useGetSaleChannelReferenceQuery } from '../api/sales-channels-api';
import { ReferenceMoves, useReferenceSubject } from './reference-moves';

/**
 * One of the producer's registrations (its shop or a product on a channel) in a drawer: the
 * registration, what the product lacks, its sync state, last error, sync log and history, with the
 * moves the producer may make on it.
 */
export function ReferenceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('sales-channels');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('detail.title')}
      destroyOnHidden
      data-testid="sale-channel-reference-drawer"
    >
      {id !== null && <ReferenceDrawerBody id={id} />}
    </Drawer>
  );
}

function ReferenceDrawerBody({ id }: { id: number }) {
  const subject = useReferenceSubject();
  const detail = useGetSaleChannelReferenceQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <SaleChannelReferenceDetail
      query={detail}
      productPath={paths.product}
      actions={(ref) => <ReferenceMoves reference={ref} subject={subject(ref)} size="middle" />}
    />
  );
}
