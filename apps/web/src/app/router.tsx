import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { GATES } from '@agrihub/contract/gates';
import { OTHER_ENTRY_MENU_PATHS, contentPaths } from '../config/other-entries';
import { paths } from '../config/paths';
import type { RouteHandle } from '../config/route-handle';
import { PageLoader } from '../components/page-loader';
import { HomeRedirect, RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';

/** A lazy route module: `page(() => import('…'), 'ExportName')`. Every page is its own chunk. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const handle = (h: RouteHandle) => h;

/**
 * The back office lives under /admin and nowhere else (as the API's admin routes): each of its
 * pages is for administrators, on every platform; a producer sees the no-permission screen alone.
 */
const backOffice = (r: RouteObject): RouteObject =>
  r.path === paths.admin || r.path?.startsWith(`${paths.admin}/`)
    ? { ...r, handle: handle({ ...(r.handle as RouteHandle), access: 'admin' }) }
    : r;

/**
 * Private pages rendered inside the frame. Their paths make the set of existing pages: the side
 * menu (contract `visibleMenu`) only shows entries whose page is listed here.
 */
const privatePages: RouteObject[] = [
  {
    path: paths.dashboard,
    handle: handle({ title: 'dashboard' }),
    lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage'),
  },
  {
    // The back office's root has no page of its own: its dashboard is the signed-in home.
    path: paths.admin,
    handle: handle({ title: 'dashboard' }),
    element: <Navigate to={paths.dashboard} replace />,
  },
  {
    path: paths.accountSetup,
    handle: handle({ title: 'accountSetup' }),
    lazy: page(() => import('../features/account/pages/account-setup-page'), 'AccountSetupPage'),
  },
  {
    path: paths.generalSetting,
    handle: handle({ title: 'generalSetting' }),
    lazy: page(() => import('../features/settings/pages/general-setting-page'), 'GeneralSettingPage'),
  },
  {
    path: paths.adminUsers,
    handle: handle({ title: 'adminUsers', abilities: [{ action: 'read', subject: 'user' }] }),
    lazy: page(() => import('../features/admin/pages/users-page'), 'UsersPage'),
  },
  {
    path: paths.adminAddUser,
    handle: handle({ title: 'adminAddUser', abilities: [{ action: 'create', subject: 'user' }] }),
    lazy: page(() => import('../features/admin/pages/user-pages'), 'AddUserPage'),
  },
  {
    path: paths.adminUser,
    handle: handle({ title: 'adminUser', abilities: [{ action: 'read', subject: 'user' }] }),
    lazy: page(() => import('../features/admin/pages/user-pages'), 'UserPage'),
  },
  {
    path: paths.adminProducers,
    handle: handle({ title: 'adminProducers', abilities: [{ action: 'read', subject: 'producer' }] }),
    lazy: page(() => import('../features/admin-producers/pages/admin-producers-page'), 'AdminProducersPage'),
  },
  {
    path: paths.adminProducer,
    handle: handle({ title: 'adminProducer', abilities: [{ action: 'read', subject: 'producer' }] }),
    lazy: page(() => import('../features/admin-producers/pages/admin-producer-page'), 'AdminProducerPage'),
  },
  // Products (producer side) and their review (admin).
  {
    path: paths.products,
    handle: handle({ title: 'products', gate: GATES.products }),
    lazy: page(() => import('../features/products/pages/products-page'), 'ProductsPage'),
  },
  {
    path: paths.addProduct,
    handle: handle({ title: 'addProduct', gate: GATES.products }),
    lazy: page(() => import('../features/products/pages/product-pages'), 'AddProductPage'),
  },
  {
    path: paths.product,
    handle: handle({ title: 'product', gate: GATES.products }),
    lazy: page(() => import('../features/products/pages/product-pages'), 'ProductPage'),
  },
  {
    path: paths.adminProducts,
    handle: handle({ title: 'adminProducts', abilities: [{ action: 'read', subject: 'product' }] }),
    lazy: page(() => import('../features/admin-products/pages/admin-products-page'), 'AdminProductsPage'),
  },
  {
    path: paths.adminProductCategories,
    handle: handle({ title: 'adminProductCategories', abilities: [{ action: 'update', subject: 'product' }] }),
    lazy: page(() => import('../features/admin-products/pages/product-categories-page'), 'ProductCategoriesPage'),
  },
  {
    path: paths.adminProduct,
    handle: handle({ title: 'adminProduct', abilities: [{ action: 'read', subject: 'product' }] }),
    lazy: page(() => import('../features/admin-products/pages/admin-product-page'), 'AdminProductPage'),
  },
  // Service requests in the back office; the lock pages are in Foodmap's menu only (the API is the same everywhere).
  {
    path: paths.adminServiceRequests,
    handle: handle({
      title: 'adminServiceRequests',
      abilities: [{ action: 'read', subject: 'user_register_service' }],
    }),
    lazy: page(() => import('../features/services-approval/pages/services-approval-page'), 'ServicesApprovalPage'),
  },
  {
    path: paths.adminServiceRequest,
    handle: handle({ title: 'adminServiceRequest', abilities: [{ action: 'read', subject: 'user_register_service' }] }),
    lazy: page(() => import('../features/services-approval/pages/service-request-page'), 'ServiceRequestPage'),
  },
  {
    path: paths.adminLockServiceRequests,
    handle: handle({
      title: 'adminLockServiceRequests',
      abilities: [{ action: 'read', subject: 'user_register_service' }],
    }),
    lazy: page(() => import('../features/services-approval/pages/lock-pages'), 'LockServicesApprovalPage'),
  },
  {
    path: paths.adminLockedServiceRequests,
    handle: handle({
      title: 'adminLockedServiceRequests',
      abilities: [{ action: 'read', subject: 'user_register_service' }],
    }),
    lazy: page(() => import('../features/services-approval/pages/lock-pages'), 'LockedServicesApprovalPage'),
  },
  // Client messages (leads): in DTrack's menu, reachable by this route on every platform.
  {
    path: paths.adminClientMessages,
    handle: handle({ title: 'adminClientMessages', abilities: [{ action: 'read', subject: 'message' }] }),
    lazy: page(() => import('../features/client-messages/pages/client-messages-page'), 'ClientMessagesPage'),
  },
  // A lead's deep link (its notification): the list with that lead open.
  {
    path: `${paths.adminClientMessages}/:id`,
    handle: handle({ title: 'adminClientMessages', abilities: [{ action: 'read', subject: 'message' }] }),
    lazy: page(() => import('../features/client-messages/pages/client-messages-page'), 'ClientMessageLink'),
  },
  // Batches (traceabilities): DTrack's tracking, behind the product entitlement (menu, page and API: contract GATES).
  {
    path: paths.productBatches,
    handle: handle({ title: 'productBatches', gate: GATES.batches }),
    lazy: page(() => import('../features/batches/pages/batches-page'), 'BatchesPage'),
  },
  {
    path: paths.addBatch,
    handle: handle({ title: 'addBatch', gate: GATES.batches }),
    lazy: page(() => import('../features/batches/pages/add-batch-page'), 'AddBatchPage'),
  },
  {
    path: paths.productBatch,
    handle: handle({ title: 'productBatch', gate: GATES.batches }),
    lazy: page(() => import('../features/batches/pages/batch-page'), 'BatchPage'),
  },
  // Locations of the supply chain (ADR 036): with the batches, behind the same gate.
  {
    path: paths.locations,
    handle: handle({ title: 'locations', gate: GATES.batches }),
    lazy: page(() => import('../features/locations/pages/locations-page'), 'LocationsPage'),
  },
  {
    path: paths.addLocation,
    handle: handle({ title: 'addLocation', gate: GATES.batches }),
    lazy: page(() => import('../features/locations/pages/location-edit-pages'), 'AddLocationPage'),
  },
  {
    path: paths.location,
    handle: handle({ title: 'location', gate: GATES.batches }),
    lazy: page(() => import('../features/locations/pages/location-page'), 'LocationPage'),
  },
  {
    path: paths.editLocation,
    handle: handle({ title: 'editLocation', gate: GATES.batches }),
    lazy: page(() => import('../features/locations/pages/location-edit-pages'), 'EditLocationPage'),
  },
  // The supply chain (ADR 036): partners, outgoing shipments and the inbox, behind the batches' gate.
  {
    path: paths.partners,
    handle: handle({ title: 'partners', gate: GATES.batches }),
    lazy: page(() => import('../features/partners/pages/partners-page'), 'PartnersPage'),
  },
  {
    path: paths.shipments,
    handle: handle({ title: 'shipments', gate: GATES.batches }),
    lazy: page(() => import('../features/shipments/pages/shipments-page'), 'ShipmentsPage'),
  },
  {
    path: paths.shipment,
    handle: handle({ title: 'shipments', gate: GATES.batches }),
    lazy: page(() => import('../features/shipments/pages/shipments-page'), 'ShipmentsPage'),
  },
  {
    path: paths.incomingShipments,
    handle: handle({ title: 'incomingShipments', gate: GATES.batches }),
    lazy: page(() => import('../features/shipments/pages/incoming-page'), 'IncomingPage'),
  },
  {
    path: paths.incomingShipment,
    handle: handle({ title: 'incomingShipments', gate: GATES.batches }),
    lazy: page(() => import('../features/shipments/pages/incoming-page'), 'IncomingPage'),
  },
  {
    path: paths.transformations,
    handle: handle({ title: 'transformations', gate: GATES.batches }),
    lazy: page(() => import('../features/transformations/pages/transformations-page'), 'TransformationsPage'),
  },
  {
    path: paths.addTransformation,
    handle: handle({ title: 'addTransformation', gate: GATES.batches }),
    lazy: page(() => import('../features/transformations/pages/add-transformation-page'), 'AddTransformationPage'),
  },
  // The supply chain's mock recall of a lot or a location (?lot_id= | ?location_id=) and its recall.
  {
    path: paths.mockRecall,
    handle: handle({ title: 'mockRecall', gate: GATES.batches }),
    lazy: page(() => import('../features/chain/pages/mock-recall-page'), 'MockRecallPage'),
  },
  // The administrator's side of the supply chain: every lot of the platform, its whole chain and its mock recall.
  {
    path: paths.adminSupplyChain,
    handle: handle({
      title: 'adminSupplyChain',
      gate: GATES.batches,
      abilities: [{ action: 'read', subject: 'producer' }],
    }),
    lazy: page(() => import('../features/chain/pages/admin-chain-pages'), 'AdminChainLotsPage'),
  },
  {
    path: paths.adminSupplyChainLot,
    handle: handle({
      title: 'adminSupplyChainLot',
      gate: GATES.batches,
      abilities: [{ action: 'read', subject: 'producer' }],
    }),
    lazy: page(() => import('../features/chain/pages/admin-chain-pages'), 'AdminChainLotPage'),
  },
  {
    path: paths.adminMockRecall,
    handle: handle({
      title: 'adminMockRecall',
      gate: GATES.batches,
      abilities: [{ action: 'read', subject: 'producer' }],
    }),
    lazy: page(() => import('../features/chain/pages/mock-recall-page'), 'AdminMockRecallPage'),
  },
  // Sales channels: the producer's own page (hidden, as in the menu, for an account without a producer).
  {
    path: paths.salesChannels,
    handle: handle({ title: 'salesChannels', needsProducer: true }),
    lazy: page(() => import('../features/sales-channels/pages/sales-channels-page'), 'SalesChannelsPage'),
  },
  // Sales channels in the back office: one approval list per referenceable type, and the channels' settings.
  {
    path: paths.adminSalesApproval,
    handle: handle({ title: 'adminSalesApproval', abilities: [{ action: 'read', subject: 'sale_channel_reference' }] }),
    lazy: page(() => import('../features/sales-approval/pages/sales-approval-pages'), 'ProducerSalesApprovalPage'),
  },
  {
    path: paths.adminProductSalesApproval,
    handle: handle({
      title: 'adminProductSalesApproval',
      abilities: [{ action: 'read', subject: 'sale_channel_reference' }],
    }),
    lazy: page(() => import('../features/sales-approval/pages/sales-approval-pages'), 'ProductSalesApprovalPage'),
  },
  {
    path: paths.adminSaleChannels,
    handle: handle({ title: 'adminSaleChannels', abilities: [{ action: 'read', subject: 'sale_channel_reference' }] }),
    lazy: page(() => import('../features/sales-approval/pages/sale-channels-page'), 'SaleChannelsPage'),
  },
  // Content (DESIGN §5.4): posts and their categories, FAQs (public on every platform), page views.
  {
    path: paths.adminPosts,
    handle: handle({ title: 'adminPosts', abilities: [{ action: 'read', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/posts-page'), 'PostsPage'),
  },
  {
    path: paths.adminAddPost,
    handle: handle({ title: 'adminAddPost', abilities: [{ action: 'create', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/post-pages'), 'AddPostPage'),
  },
  {
    path: paths.adminPost,
    handle: handle({ title: 'adminPost', abilities: [{ action: 'read', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/post-pages'), 'PostPage'),
  },
  {
    path: paths.adminFaqs,
    handle: handle({ title: 'adminFaqs', abilities: [{ action: 'read', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/faqs-page'), 'FaqsPage'),
  },
  {
    path: paths.adminPageViews,
    handle: handle({ title: 'adminPageViews', abilities: [{ action: 'read', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/page-view-pages'), 'PageViewsPage'),
  },
  {
    path: paths.adminAddPageView,
    handle: handle({ title: 'adminAddPageView', abilities: [{ action: 'create', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/page-view-pages'), 'AddPageViewPage'),
  },
  {
    path: paths.adminPageView,
    handle: handle({ title: 'adminPageView', abilities: [{ action: 'read', subject: 'post' }] }),
    lazy: page(() => import('../features/content-admin/pages/page-view-pages'), 'PageViewPage'),
  },
  {
    path: paths.adminOems,
    handle: handle({ title: 'adminOems', gate: GATES.oems, abilities: [{ action: 'read', subject: 'producer_oem' }] }),
    lazy: page(() => import('../features/oems/pages/oems-page'), 'OemsPage'),
  },
  {
    path: paths.adminAddOem,
    handle: handle({
      title: 'adminAddOem',
      gate: GATES.oems,
      abilities: [{ action: 'create', subject: 'producer_oem' }],
    }),
    lazy: page(() => import('../features/oems/pages/oem-pages'), 'AddOemPage'),
  },
  {
    path: paths.adminOem,
    handle: handle({ title: 'adminOem', gate: GATES.oems, abilities: [{ action: 'read', subject: 'producer_oem' }] }),
    lazy: page(() => import('../features/oems/pages/oem-pages'), 'OemPage'),
  },
  {
    path: paths.adminPurchaseOrders,
    handle: handle({
      title: 'adminPurchaseOrders',
      gate: GATES.purchaseOrders,
      abilities: [{ action: 'read', subject: 'purchase_order' }],
    }),
    lazy: page(() => import('../features/purchase-orders/pages/purchase-orders-page'), 'PurchaseOrdersPage'),
  },
  {
    path: paths.adminAddPurchaseOrder,
    handle: handle({
      title: 'adminAddPurchaseOrder',
      gate: GATES.purchaseOrders,
      abilities: [{ action: 'create', subject: 'purchase_order' }],
    }),
    lazy: page(() => import('../features/purchase-orders/pages/purchase-order-pages'), 'AddPurchaseOrderPage'),
  },
  {
    path: paths.adminPurchaseOrder,
    handle: handle({
      title: 'adminPurchaseOrder',
      gate: GATES.purchaseOrders,
      abilities: [{ action: 'read', subject: 'purchase_order' }],
    }),
    lazy: page(() => import('../features/purchase-orders/pages/purchase-order-pages'), 'PurchaseOrderPage'),
  },
  {
    path: paths.notifications,
    handle: handle({ title: 'notifications', responsive: true }),
    lazy: page(() => import('../features/notifications/pages/notifications-page'), 'NotificationsPage'),
  },
  {
    path: paths.adminServicesSetting,
    handle: handle({ title: 'servicesSetting', abilities: [{ action: 'read', subject: 'register_service' }] }),
    lazy: page(() => import('../features/services-setting/pages/services-setting-page'), 'ServicesSettingPage'),
  },
  {
    path: paths.adminBookingRooms,
    handle: handle({ title: 'bookingRooms', abilities: [{ action: 'read', subject: 'register_service' }] }),
    lazy: page(() => import('../features/booking-rooms/pages/booking-rooms-page'), 'BookingRoomsPage'),
  },
  // A producer's service request: the form (a visitor comes back here after login) and its page.
  {
    path: paths.serviceRegister,
    handle: handle({ title: 'serviceRegister', responsive: true }),
    lazy: page(() => import('../features/services/pages/register-service-page'), 'RegisterServicePage'),
  },
  {
    path: paths.serviceRequest,
    handle: handle({ title: 'serviceRequest', responsive: true }),
    lazy: page(() => import('../features/services/pages/request-page'), 'RequestPage'),
  },
].map(backOffice);

/**
 * Public pages a signed-in user also opens from the menu: in the frame with a session, in the
 * public frame without (spec §2 lists /services among the public routes and the producer menu).
 */
const sessionAwarePages: RouteObject[] = [
  {
    path: paths.services,
    handle: handle({ title: 'services', responsive: true }),
    lazy: page(() => import('../features/services/pages/services-page'), 'ServicesPage'),
  },
  {
    path: paths.servicesClient,
    handle: handle({ title: 'servicesClient', responsive: true }),
    lazy: page(() => import('../features/services/pages/client-page'), 'ServicesClientPage'),
  },
  {
    path: paths.service,
    handle: handle({ title: 'service', responsive: true }),
    lazy: page(() => import('../features/services/pages/service-page'), 'ServicePage'),
  },
  {
    // Foodmap's department registration: public, and the producer menu's first entry.
    path: paths.registerDepartment,
    handle: handle({ title: 'registerDepartment', responsive: true }),
    lazy: page(
      () => import('../features/register-department/pages/register-department-page'),
      'RegisterDepartmentPage',
    ),
  },
];

/** Pages menus and links may offer: this app's, and the light entries' menu pages (loaded in full). */
export const EXISTING_PRIVATE_PAGES: ReadonlySet<string> = new Set([
  ...[...privatePages, ...sessionAwarePages].map((r) => r.path!),
  ...OTHER_ENTRY_MENU_PATHS,
]);

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        // Public, responsive pages: small chunks, no private frame.
        lazy: page(() => import('./layouts/public-layout'), 'PublicLayout'),
        children: [
          {
            path: paths.register,
            handle: handle({ title: 'register', responsive: true }),
            lazy: page(() => import('../features/auth/pages/register-page'), 'RegisterPage'),
          },
          {
            path: paths.forgotPassword,
            handle: handle({ title: 'forgotPassword', responsive: true }),
            lazy: page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage'),
          },
          {
            path: paths.reset,
            handle: handle({ title: 'reset', responsive: true }),
            lazy: page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            path: paths.notFound,
            handle: handle({ title: 'notFound', responsive: true }),
            lazy: page(() => import('../features/shell/pages/not-found-page'), 'NotFoundPage'),
          },
        ],
      },
      {
        lazy: async () => {
          const { SessionAwareLayout } = await import('./layouts/session-aware-layout');
          return { element: <SessionAwareLayout existingPages={EXISTING_PRIVATE_PAGES} /> };
        },
        children: sessionAwarePages,
      },
      {
        // The sign-in page is light too (content.html, ADR 024); it goes with why a session ended.
        path: paths.login,
        handle: handle({ title: 'login', responsive: true }),
        lazy: page(() => import('../features/shell/pages/login-redirect'), 'LoginRedirect'),
      },
      // The light public entries the API serves for these paths: the traceability pages (trace.html,
      // src/trace) and the content pages (content.html, src/content: news, FAQs, information
      // security). An in-app link that lands here loads the page from the server.
      ...[
        paths.trace,
        contentPaths.news,
        `${contentPaths.news}/*`,
        contentPaths.faqs,
        contentPaths.informationSecurity,
      ].map((path): RouteObject => ({
        path,
        handle: handle({ responsive: true }),
        lazy: page(() => import('../features/shell/pages/external-page'), 'ExternalPage'),
      })),
      {
        // Everything else needs a token: visitors go to /login?next=<where they were going>.
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => {
              const { PrivateLayout } = await import('./layouts/private-layout');
              return { element: <PrivateLayout existingPages={EXISTING_PRIVATE_PAGES} /> };
            },
            children: [
              ...privatePages,
              {
                // Unknown private paths, and admin-redirected ones (ADMIN_REDIRECTS) whose page is not built yet.
                path: '*',
                handle: handle({ title: 'notFound' }),
                lazy: page(() => import('../features/shell/pages/not-found-page'), 'NotFoundInFrame'),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
