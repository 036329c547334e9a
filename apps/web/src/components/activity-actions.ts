/** History actions (activity log) the web names in `common:activity.actions.*`; others show as sent. */
export const ACTIVITY_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'back_to_draft',
  'close',
  'reopen',
  'note',
  // service requests
  'register',
  'advance',
  'send_back',
  'cancel',
  'assign',
  'update',
  'lock',
  'unlock',
  // catalogue services, booking rooms
  'create',
  'delete',
  'import_pricing',
  // sales channel settings: an admin issues a new feed token
  'rotate_feed_token',
  // posts and page views
  'publish',
  'schedule',
  'unpublish',
] as const;
