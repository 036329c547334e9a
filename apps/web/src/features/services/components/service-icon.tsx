import {
  AppstoreOutlined,
  AuditOutlined,
  BarcodeOutlined,
  BgColorsOutlined,
  CameraOutlined,
  CarOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  GlobalOutlined,
  InboxOutlined,
  LayoutOutlined,
  NotificationOutlined,
  PrinterOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  StarOutlined,
  TagsOutlined,
  TrophyOutlined,
  VideoCameraOutlined,
  ApartmentOutlined,
  CalendarOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The catalogue's icon keys (contract SERVICE_ICONS) drawn with antd icons; anything else is a generic tile. */
const ICONS: Record<string, ComponentType<{ style?: React.CSSProperties }>> = {
  legal: AuditOutlined,
  signature: SafetyCertificateOutlined,
  declaration: FileProtectOutlined,
  barcode: BarcodeOutlined,
  trademark: TrophyOutlined,
  ministry: GlobalOutlined,
  photo: CameraOutlined,
  fulfillment: InboxOutlined,
  printing: PrinterOutlined,
  testing: ExperimentOutlined,
  video: VideoCameraOutlined,
  shop: ShopOutlined,
  advertising: NotificationOutlined,
  kol: StarOutlined,
  traceability: QrcodeOutlined,
  loan: DollarOutlined,
  invoice: FileTextOutlined,
  event: CalendarOutlined,
  logistics: CarOutlined,
  design: BgColorsOutlined,
  ecommerce_design: LayoutOutlined,
  multichannel: TagsOutlined,
  department: ApartmentOutlined,
};

export function ServiceIcon({ icon, size = 28 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon] ?? AppstoreOutlined;
  return <Icon style={{ fontSize: size, color: 'var(--brand)' }} aria-hidden />;
}
