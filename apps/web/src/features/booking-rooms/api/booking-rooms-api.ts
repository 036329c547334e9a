import type { AdminBookingRoom, BookingRoomBody, BookingRoomUpdateBody } from '@agrihub/contract/schemas/booking-rooms';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import type { Envelope } from '../../../lib/session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['BookingRooms'] });

/** The rooms admin (/api/v1/admin/booking_rooms): the platform's rooms and their bookings. */
export const bookingRoomsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    adminBookingRooms: build.query<AdminBookingRoom[], void>({
      query: () => 'api/v1/admin/booking_rooms',
      transformResponse: (a: Envelope<{ booking_rooms: AdminBookingRoom[] }>) => a.data.booking_rooms,
      providesTags: ['BookingRooms'],
    }),
    /** A room's history (created, edits); refreshed with the rooms. */
    bookingRoomHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/admin/booking_rooms/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: ['BookingRooms'],
    }),
    createBookingRoom: build.mutation<string, BookingRoomBody>({
      query: (body) => ({ url: 'api/v1/admin/booking_rooms', method: 'POST', body }),
      transformResponse: (a: Envelope<{ booking_room: AdminBookingRoom }>) => a.meta?.message ?? '',
      invalidatesTags: (_r, e) => (e ? [] : ['BookingRooms']),
    }),
    updateBookingRoom: build.mutation<string, { id: number; body: BookingRoomUpdateBody }>({
      query: ({ id, body }) => ({ url: `api/v1/admin/booking_rooms/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<{ booking_room: AdminBookingRoom }>) => a.meta?.message ?? '',
      invalidatesTags: (_r, e) => (e ? [] : ['BookingRooms']),
    }),
    deleteBookingRoom: build.mutation<string, number>({
      query: (id) => ({ url: `api/v1/admin/booking_rooms/${id}`, method: 'DELETE' }),
      transformResponse: (a: Envelope<Record<string, never>>) => a.meta?.message ?? '',
      invalidatesTags: (_r, e) => (e ? [] : ['BookingRooms']),
    }),
  }),
});

export const {
  useAdminBookingRoomsQuery,
  useBookingRoomHistoryQuery,
  useCreateBookingRoomMutation,
  useUpdateBookingRoomMutation,
  useDeleteBookingRoomMutation,
} = bookingRoomsApi;
