import type { BookingRoom, DepartmentBooking } from '@agrihub/contract/schemas/register-department';
import { api } from '../../../lib/api';
import type { Envelope } from '../../../lib/session-api';

export interface DepartmentRegistration {
  /** The form's text fields, as the API reads them (numbers and dates as text). */
  fields: Record<string, string>;
  documents: File[];
}

export interface BookingPeriod {
  start_date: string;
  months: number;
}

export interface DepartmentRegistered {
  booking: DepartmentBooking;
  message: string;
}

/** GET /api/v1/booking_rooms and the public multipart POST /api/v1/registrations/register_department. */
export const registerDepartmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** With a period, each room tells whether it is free then (and until when it is booked). */
    listBookingRooms: build.query<BookingRoom[], BookingPeriod | null>({
      query: (period) => ({ url: 'api/v1/booking_rooms', params: period ?? undefined }),
      transformResponse: (a: Envelope<{ booking_rooms: BookingRoom[] }>) => a.data.booking_rooms,
    }),
    registerDepartment: build.mutation<DepartmentRegistered, DepartmentRegistration>({
      query: ({ fields, documents }) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        for (const file of documents) body.append('documents', file);
        return { url: 'api/v1/registrations/register_department', method: 'POST', body };
      },
      transformResponse: (a: Envelope<{ booking: DepartmentBooking }>) => ({
        booking: a.data.booking,
        message: a.meta?.message ?? '',
      }),
    }),
  }),
});

export const { useListBookingRoomsQuery, useRegisterDepartmentMutation } = registerDepartmentApi;
