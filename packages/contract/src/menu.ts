import { GATES, gateRefusal, type Gate } from './gates.js';
import { isAdministrator, isSuperAdmin, type AbilityRule, type Subject } from './permissions.js';
import { PLATFORMS, type PlatformFeatures, type PlatformKey } from './platforms.js';

/**
 * The side menus (spec §2, §6) as data, and one function that decides what a user sees.
 * `labelKey` is in the i18n namespace `menu`; `icon` names an @ant-design/icons component.
 */
export interface MenuEntry {
  key: string;
  labelKey: string;
  path?: string;
  icon?: string;
  /**
   * The gate of the part the entry opens (contract gates.ts): the same rule the API and the pages
   * enforce. Hidden when it is closed to this user on this platform.
   */
  gate?: Gate;
  /** Shown only when the platform has this feature (menu placement only: the page serves every platform). */
  feature?: keyof PlatformFeatures;
  /** Shown only when the platform does NOT have this feature. */
  withoutFeature?: keyof PlatformFeatures;
  /** Admin entries: the subject whose ability opens the entry. */
  subject?: Subject | 'Setting';
  /** Admin sub-entries: the action named by the key (read or create). */
  action?: 'read' | 'create';
  /** Producer entries hidden for a user without producer_id. */
  needsProducer?: boolean;
  children?: MenuEntry[];
}

export const PRODUCER_MENU: MenuEntry[] = [
  {
    key: 'register-department',
    labelKey: 'registerDepartment',
    path: '/register-department',
    icon: 'FormOutlined',
    gate: GATES.registerDepartment,
  },
  { key: 'dashboard', labelKey: 'dashboard', path: '/dashboard', icon: 'DashboardOutlined' },
  { key: 'services', labelKey: 'services', path: '/services', icon: 'AppstoreOutlined' },
  {
    key: 'products',
    labelKey: 'products',
    icon: 'ShoppingOutlined',
    gate: GATES.products,
    children: [
      { key: 'add-product', labelKey: 'addProduct', path: '/add-product' },
      { key: 'product-list', labelKey: 'productList', path: '/products' },
    ],
  },
  {
    key: 'tracking',
    labelKey: 'tracking',
    icon: 'QrcodeOutlined',
    gate: GATES.batches,
    children: [
      { key: 'add-batch', labelKey: 'addBatch', path: '/add-batch' },
      { key: 'product-batches', labelKey: 'productBatches', path: '/product-batches' },
    ],
  },
  {
    // The supply chain (ADR 036): locations, trading partners, shipments sent and received ("Hàng đến"), transformations.
    key: 'supply-chain',
    labelKey: 'supplyChain',
    icon: 'NodeIndexOutlined',
    gate: GATES.batches,
    children: [
      { key: 'locations', labelKey: 'locations', path: '/locations' },
      { key: 'partners', labelKey: 'partners', path: '/partners' },
      { key: 'shipments', labelKey: 'shipments', path: '/shipments' },
      { key: 'incoming-shipments', labelKey: 'incomingShipments', path: '/incoming-shipments' },
      { key: 'transformations', labelKey: 'transformations', path: '/transformations' },
    ],
  },
  { key: 'sales', labelKey: 'sales', path: '/sales-channels', icon: 'ShopOutlined', needsProducer: true },
  { key: 'news', labelKey: 'news', path: '/news', icon: 'ReadOutlined', feature: 'news' },
  { key: 'business-information', labelKey: 'businessInformation', path: '/account-setup', icon: 'IdcardOutlined' },
];

export const ADMIN_MENU: MenuEntry[] = [
  {
    key: 'admin-producers',
    labelKey: 'producers',
    path: '/admin/producers',
    icon: 'TeamOutlined',
    subject: 'producer',
  },
  {
    key: 'admin-oems',
    labelKey: 'oems',
    icon: 'ClusterOutlined',
    gate: GATES.oems,
    subject: 'producer_oem',
    children: [
      { key: 'read-oems', labelKey: 'oemList', path: '/admin/oems', subject: 'producer_oem', action: 'read' },
      { key: 'create-oem', labelKey: 'addOem', path: '/admin/add-oem', subject: 'producer_oem', action: 'create' },
    ],
  },
  {
    key: 'admin-purchase-orders',
    labelKey: 'purchaseOrders',
    icon: 'FileDoneOutlined',
    gate: GATES.purchaseOrders,
    subject: 'purchase_order',
    children: [
      {
        key: 'read-purchase-orders',
        labelKey: 'purchaseOrderList',
        path: '/admin/purchase-orders',
        subject: 'purchase_order',
        action: 'read',
      },
      {
        key: 'create-purchase-order',
        labelKey: 'addPurchaseOrder',
        path: '/admin/add-purchase-order',
        subject: 'purchase_order',
        action: 'create',
      },
    ],
  },
  {
    key: 'admin-products',
    labelKey: 'products',
    path: '/admin/products',
    icon: 'ShoppingOutlined',
    subject: 'product',
  },
  // The whole supply chain of any lot of the platform, and its mock recall (ADR 036 §5–7), behind the batches' gate.
  {
    key: 'admin-supply-chain',
    labelKey: 'supplyChainTrace',
    path: '/admin/supply-chain',
    icon: 'NodeIndexOutlined',
    gate: GATES.batches,
    subject: 'producer',
  },
  {
    key: 'admin-services-approval',
    labelKey: 'servicesApproval',
    icon: 'AuditOutlined',
    subject: 'user_register_service',
    children: [
      {
        key: 'read-services-approval',
        labelKey: 'servicesApprovalList',
        path: '/admin/services-approval',
        subject: 'user_register_service',
        action: 'read',
      },
      {
        key: 'read-lock-services-approval',
        labelKey: 'lockServicesApproval',
        path: '/admin/lock-services-approval',
        subject: 'user_register_service',
        action: 'read',
        feature: 'lockServicesApproval',
      },
      {
        key: 'read-locked-services-approval',
        labelKey: 'lockedServicesApproval',
        path: '/admin/locked-services-approval',
        subject: 'user_register_service',
        action: 'read',
        feature: 'lockServicesApproval',
      },
      // Platforms without Foodmap's settings submenu reach the catalogue settings from the services entries.
      {
        key: 'read-services-catalogue',
        labelKey: 'servicesSetting',
        path: '/admin/services-setting',
        subject: 'register_service',
        action: 'read',
        withoutFeature: 'settingsSubmenu',
      },
    ],
  },
  {
    key: 'admin-client-messages',
    labelKey: 'clientMessages',
    path: '/admin/client-messages',
    icon: 'MessageOutlined',
    feature: 'clientMessages',
    subject: 'message',
  },
  {
    key: 'admin-sales',
    labelKey: 'salesChannels',
    icon: 'ShopOutlined',
    subject: 'sale_channel_reference',
    children: [
      {
        key: 'read-sales-approval',
        labelKey: 'salesApproval',
        path: '/admin/sales-approval',
        subject: 'sale_channel_reference',
        action: 'read',
      },
      {
        key: 'read-product-sales-approval',
        labelKey: 'productSalesApproval',
        path: '/admin/product-sales-approval',
        subject: 'sale_channel_reference',
        action: 'read',
      },
      {
        key: 'sale-channels-setting',
        labelKey: 'saleChannelsSetting',
        path: '/admin/sale-channels',
        subject: 'sale_channel_reference',
        action: 'read',
      },
    ],
  },
  {
    key: 'admin-users',
    labelKey: 'users',
    icon: 'UserOutlined',
    subject: 'user',
    children: [
      { key: 'read-users', labelKey: 'userList', path: '/admin/users', subject: 'user', action: 'read' },
      { key: 'create-user', labelKey: 'addUser', path: '/admin/add-user', subject: 'user', action: 'create' },
    ],
  },
  {
    key: 'admin-posts',
    labelKey: 'posts',
    icon: 'ReadOutlined',
    feature: 'posts',
    subject: 'post',
    children: [
      { key: 'read-posts', labelKey: 'postList', path: '/admin/posts', subject: 'post', action: 'read' },
      { key: 'create-post', labelKey: 'addPost', path: '/admin/add-post', subject: 'post', action: 'create' },
    ],
  },
  // FAQs are public on every platform (/faqs), so their back office is too.
  { key: 'admin-faqs', labelKey: 'faqs', path: '/admin/faqs', icon: 'QuestionCircleOutlined', subject: 'post' },
  {
    key: 'admin-page-views',
    labelKey: 'pageViews',
    icon: 'EyeOutlined',
    feature: 'pageViews',
    subject: 'post',
    children: [
      { key: 'read-page-views', labelKey: 'pageViewList', path: '/admin/page-views', subject: 'post', action: 'read' },
      {
        key: 'create-page-view',
        labelKey: 'addPageView',
        path: '/admin/page-views/create',
        subject: 'post',
        action: 'create',
      },
    ],
  },
  {
    key: 'settings',
    labelKey: 'settings',
    icon: 'SettingOutlined',
    feature: 'settingsSubmenu',
    subject: 'Setting',
    children: [
      { key: 'user-setting', labelKey: 'userSetting', path: '/account-setup', subject: 'Setting' },
      { key: 'general-setting', labelKey: 'generalSetting', path: '/general-setting', subject: 'Setting' },
      {
        key: 'services-setting',
        labelKey: 'servicesSetting',
        path: '/admin/services-setting',
        subject: 'register_service',
        action: 'read',
      },
      {
        key: 'booking-rooms-setting',
        labelKey: 'bookingRoomsSetting',
        path: '/admin/booking-rooms',
        subject: 'register_service',
        action: 'read',
        feature: 'registerDepartment',
      },
    ],
  },
  {
    key: 'account-setup',
    labelKey: 'accountSetup',
    path: '/account-setup',
    icon: 'SettingOutlined',
    withoutFeature: 'settingsSubmenu',
    subject: 'Setting',
  },
];

export interface MenuUser {
  roles: readonly string[];
  abilities: readonly AbilityRule[];
  producer_id: number | null;
  registed_services: readonly string[];
  created_at: string;
}

function abilityMatches(user: MenuUser, entry: MenuEntry): boolean {
  if (!entry.subject || entry.subject === 'Setting') return true;
  return user.abilities.some(
    (a) => a.subject === entry.subject && (a.action === 'manage' || (entry.action ? a.action === entry.action : true)),
  );
}

/** Whether one entry (not its children) is visible to this user on this platform. */
export function isMenuEntryVisible(entry: MenuEntry, platform: PlatformKey, user: MenuUser): boolean {
  const features = PLATFORMS[platform].features;
  if (entry.gate && gateRefusal(platform, entry.gate, user)) return false;
  if (entry.feature && !features[entry.feature]) return false;
  if (entry.withoutFeature && features[entry.withoutFeature]) return false;
  if (isAdministrator(user)) return isSuperAdmin(user) || abilityMatches(user, entry);
  if (entry.needsProducer && user.producer_id == null) return false;
  return true;
}

/** The menu a user sees: admin or producer menu, filtered; groups without visible children vanish. */
export function visibleMenu(platform: PlatformKey, user: MenuUser): MenuEntry[] {
  const source = isAdministrator(user) ? ADMIN_MENU : PRODUCER_MENU;
  const filter = (entries: MenuEntry[]): MenuEntry[] =>
    entries.flatMap((entry) => {
      if (!isMenuEntryVisible(entry, platform, user)) return [];
      if (!entry.children) return [entry];
      const children = filter(entry.children);
      return children.length ? [{ ...entry, children }] : [];
    });
  return filter(source);
}

/** Every path of a menu, flattened (for tests and the router). */
export function menuPaths(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => [...(e.path ? [e.path] : []), ...menuPaths(e.children ?? [])]);
}
