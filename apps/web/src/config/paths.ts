/**
 * Every route path of the web app, in one place. Menu paths come from the contract
 * (`@agrihub/contract/menu`); the router only renders the ones listed here.
 */
export const paths = {
  home: '/',
  // public
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  reset: '/reset',
  notFound: '/404',
  informationSecurity: '/information-security',
  /** Foodmap: a business registers a department and books a room (public; in the producer menu). */
  registerDepartment: '/register-department',
  // services: public catalogue (a signed-in user sees it in the frame), the producer's pages private
  services: '/services',
  servicesClient: '/services/client',
  service: '/services/:slug',
  serviceRegister: '/services/:slug/register',
  serviceRequest: '/services/requests/:id',
  /** Reserved for the public traceability pages (built elsewhere). */
  trace: '/trace/*',
  // private
  dashboard: '/dashboard',
  /** The back office's root: staff go to the dashboard (a producer sees the no-permission screen). */
  admin: '/admin',
  accountSetup: '/account-setup',
  /** Every user's language and notification channels; for the role admin also the platform's settings. */
  generalSetting: '/general-setting',
  adminUsers: '/admin/users',
  adminAddUser: '/admin/add-user',
  adminUser: '/admin/users/:id',
  adminProducers: '/admin/producers',
  adminProducer: '/admin/producers/:id',
  products: '/products',
  product: '/products/:id',
  addProduct: '/add-product',
  adminProducts: '/admin/products',
  adminProduct: '/admin/products/:id',
  adminProductCategories: '/admin/product-categories',
  // service requests in the back office (lock pages: Foodmap's menu)
  adminServiceRequests: '/admin/services-approval',
  adminClientMessages: '/admin/client-messages',
  adminServiceRequest: '/admin/services-approval/:id',
  adminLockServiceRequests: '/admin/lock-services-approval',
  adminLockedServiceRequests: '/admin/locked-services-approval',
  /** The service catalogue's settings (Foodmap's settings submenu; elsewhere with the services entries). */
  adminServicesSetting: '/admin/services-setting',
  adminBookingRooms: '/admin/booking-rooms',
  // batches (traceabilities), traceability platform only
  productBatches: '/product-batches',
  productBatch: '/product-batches/:id',
  mockRecall: '/mock-recall',
  /** The administrator's side of the supply chain: every lot of the platform, its whole chain and its mock recall. */
  adminSupplyChain: '/admin/supply-chain',
  adminSupplyChainLot: '/admin/supply-chain/:id',
  adminMockRecall: '/admin/mock-recall',
  addBatch: '/add-batch',
  // supply-chain locations (ADR 036), with the batches
  locations: '/locations',
  location: '/locations/:id',
  editLocation: '/locations/:id/edit',
  addLocation: '/add-location',
  // the supply chain (ADR 036): trading partners, outgoing shipments, incoming shipments ("Hàng đến")
  partners: '/partners',
  shipments: '/shipments',
  shipment: '/shipments/:id',
  incomingShipments: '/incoming-shipments',
  incomingShipment: '/incoming-shipments/:id',
  transformations: '/transformations',
  addTransformation: '/transformations/new',
  /** A producer's sales channels: its own registration and its products' (producers only). */
  salesChannels: '/sales-channels',
  /** The back office's sales channel registrations: the producers' own, the products'; the channels' settings. */
  adminSalesApproval: '/admin/sales-approval',
  adminProductSalesApproval: '/admin/product-sales-approval',
  adminSaleChannels: '/admin/sale-channels',
  /** Content in the back office (DESIGN §5.4): posts and their categories, FAQs, page views. */
  adminPosts: '/admin/posts',
  adminAddPost: '/admin/add-post',
  adminPost: '/admin/posts/:id',
  adminFaqs: '/admin/faqs',
  adminPageViews: '/admin/page-views',
  adminAddPageView: '/admin/page-views/create',
  adminPageView: '/admin/page-views/:id',
  /** OEM producers (DESIGN §5.5): DTrack's directory of contract manufacturers. */
  adminOems: '/admin/oems',
  adminAddOem: '/admin/add-oem',
  adminOem: '/admin/oems/:id',
  /** Purchase orders (DESIGN §5.5): DTrack's orders to OEMs and producers. */
  adminPurchaseOrders: '/admin/purchase-orders',
  adminAddPurchaseOrder: '/admin/add-purchase-order',
  adminPurchaseOrder: '/admin/purchase-orders/:id',
  /** The user's notifications (the top bar's bell opens the latest). */
  notifications: '/notifications',
} as const;

/** Query parameter that carries the page a visitor wanted before being sent to /login. */
export const NEXT_PARAM = 'next';

/** Where a signed-in user lands by default. */
export const DEFAULT_PRIVATE_PATH = paths.dashboard;

/**
 * Pages an administrator must not open: they go to `to` instead (spec §2).
 * Patterns use react-router syntax; the rule applies whether or not the page exists yet.
 */
export const ADMIN_REDIRECTS: readonly { pattern: string; to: string }[] = [
  { pattern: paths.products, to: paths.adminProducers },
  { pattern: paths.product, to: paths.adminProducers },
];
