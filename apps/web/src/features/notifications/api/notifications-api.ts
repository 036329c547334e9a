import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Notification } from '@agrihub/contract/schemas/notifications';
import { api } from '../../../lib/api';

export interface NotificationList {
  notifications: Notification[];
  meta: ListMeta;
}
export interface NotificationListArgs {
  page?: number;
  per_page?: number;
  unread?: boolean;
}

/** How often the bell asks for news (and the open list refreshes) while the tab is in use. */
export const NOTIFICATIONS_POLL_MS = 30_000;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Notifications'] });

/** The signed-in user's notifications (bell and /notifications); a mutation refreshes every view of them. */
export const notificationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationList, NotificationListArgs>({
      query: ({ page = 1, per_page = 20, unread }) => ({
        url: 'api/v1/notifications',
        params: { page, per_page, ...(unread ? { unread: 'true' } : {}) },
      }),
      transformResponse: (a: { data: { notifications: Notification[] }; meta: ListMeta }) => ({
        notifications: a.data.notifications,
        meta: a.meta,
      }),
      providesTags: ['Notifications'],
    }),
    unreadNotificationCount: build.query<number, void>({
      query: () => 'api/v1/notifications/unread-count',
      transformResponse: (a: { data: { unread_count: number } }) => a.data.unread_count,
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<Notification, number>({
      query: (id) => ({ url: `api/v1/notifications/${id}/read`, method: 'POST' }),
      transformResponse: (a: { data: { notification: Notification } }) => a.data.notification,
      invalidatesTags: (_r, e) => (e ? [] : ['Notifications']),
    }),
    markAllNotificationsRead: build.mutation<number, void>({
      query: () => ({ url: 'api/v1/notifications/read-all', method: 'POST' }),
      transformResponse: (a: { data: { updated: number } }) => a.data.updated,
      invalidatesTags: (_r, e) => (e ? [] : ['Notifications']),
    }),
  }),
});

export const {
  useListNotificationsQuery,
  useUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
