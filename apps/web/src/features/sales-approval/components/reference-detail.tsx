import { SaleChannelReferenceDetail } from '../../../components/sale-channel-reference-detail';
import { paths } from '../../../config/paths';
import { useGetReferenceQuery } from '../api/sales-approval-api';
import { ReferenceActions } from './reference-actions';

/**
 * One registration in the back office's drawer (the shared detail: registration, what the product
 * lacks, sync state, last error, sync log and history) with the decisions the reader may make.
 */
export function ReferenceDetail({ id }: { id: number }) {
  const detail = useGetReferenceQuery(id);
  return (
    <SaleChannelReferenceDetail
      query={detail}
      showProducer
      productPath={paths.adminProduct}
      actions={(ref) => <ReferenceActions reference={ref} size="middle" />}
    />
  );
}
