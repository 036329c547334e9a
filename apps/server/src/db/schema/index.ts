export * from './accounts.js';
export * from './activity.js';
export * from './booking-rooms.js';
export * from './catalog.js';
export * from './meta.js';
export * from './notifications.js';
export * from './services.js';
export * from './service-requests.js';
