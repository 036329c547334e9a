import {
  AppstoreOutlined,
  AuditOutlined,
  ClusterOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileDoneOutlined,
  FormOutlined,
  IdcardOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The contract's menu names its icons by @ant-design/icons component name; importing them
 * explicitly keeps the bundle from pulling the whole icon set. Unknown names show no icon.
 */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  ClusterOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileDoneOutlined,
  FormOutlined,
  IdcardOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
