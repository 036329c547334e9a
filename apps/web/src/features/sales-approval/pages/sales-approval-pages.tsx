import { ApprovalList } from '../components/approval-list';

/** /admin/sales-approval: the producers' registrations of their own shop to the platform's channels. */
export function ProducerSalesApprovalPage() {
  return <ApprovalList key="producer" type="producer" />;
}

/** /admin/product-sales-approval: the products' registrations to the channels, with their sync state. */
export function ProductSalesApprovalPage() {
  return <ApprovalList key="product" type="product" />;
}
