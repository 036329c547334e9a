import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  Location,
  LocationEvent,
  LocationEventQuery,
  LocationListQuery,
  LocationRequest,
} from '@agrihub/contract/schemas/locations';
import type { DiaryEntry } from '@agrihub/contract/schemas/diary';
import { api } from '../../../lib/api';
import { listParams } from '../../../lib/list-params';

export interface LocationList {
  locations: Location[];
  meta: ListMeta;
}
export type LocationListArgs = Partial<
  Pick<LocationListQuery, 'page' | 'per_page' | 'q' | 'sort' | 'kind' | 'province_code'>
>;

/** One page of the events recorded at a location, newest first. */
export interface LocationEventList {
  events: LocationEvent[];
  meta: ListMeta;
}
export type LocationEventArgs = { id: number } & Partial<Pick<LocationEventQuery, 'page' | 'per_page'>>;

/** One page of the field diary's entries on a plot (GET /api/v1/diary/entries?location_id=), newest first. */
export interface LocationDiaryList {
  entries: DiaryEntry[];
  meta: ListMeta;
}

/** A saved location and the server's message (in the reader's language). */
export interface SavedLocation {
  location: Location;
  message?: string;
}
interface LocationAnswer {
  data: { location: Location };
  meta?: { message?: string };
}
const saved = (a: LocationAnswer): SavedLocation => ({ location: a.data.location, message: a.meta?.message });

const URL = 'api/v1/locations';
const tagged = api.enhanceEndpoints({ addTagTypes: ['Location', 'LocationList'] });

/** The producer's locations (ADR 036): list, read, create, update, delete; the events at one. */
export const locationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listLocations: build.query<LocationList, LocationListArgs>({
      query: (args) => ({ url: URL, params: listParams(args) }),
      transformResponse: (a: { data: { locations: Location[] }; meta: ListMeta }) => ({
        locations: a.data.locations,
        meta: a.meta,
      }),
      providesTags: ['LocationList'],
    }),
    getLocation: build.query<Location, number>({
      query: (id) => `${URL}/${id}`,
      transformResponse: (a: LocationAnswer) => a.data.location,
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    listLocationEvents: build.query<LocationEventList, LocationEventArgs>({
      query: ({ id, ...args }) => ({ url: `${URL}/${id}/events`, params: listParams(args) }),
      transformResponse: (a: { data: { events: LocationEvent[] }; meta: ListMeta }) => ({
        events: a.data.events,
        meta: a.meta,
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'Location', id }],
    }),
    listLocationDiary: build.query<LocationDiaryList, LocationEventArgs>({
      query: ({ id, ...args }) => ({ url: 'api/v1/diary/entries', params: { location_id: id, ...listParams(args) } }),
      transformResponse: (a: { data: { entries: DiaryEntry[] }; meta: ListMeta }) => ({
        entries: a.data.entries,
        meta: a.meta,
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'Location', id }],
    }),
    createLocation: build.mutation<SavedLocation, LocationRequest>({
      query: (body) => ({ url: URL, method: 'POST', body }),
      transformResponse: saved,
      invalidatesTags: (_r, e) => (e ? [] : ['LocationList']),
    }),
    updateLocation: build.mutation<SavedLocation, { id: number; body: LocationRequest }>({
      query: ({ id, body }) => ({ url: `${URL}/${id}`, method: 'PUT', body }),
      transformResponse: saved,
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'Location', id }, 'LocationList']),
    }),
    deleteLocation: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${URL}/${id}`, method: 'DELETE' }),
      transformResponse: (a: { meta?: { message?: string } }) => ({ message: a.meta?.message }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Location', id }, 'LocationList']),
    }),
  }),
});

export const {
  useListLocationsQuery,
  useGetLocationQuery,
  useListLocationEventsQuery,
  useListLocationDiaryQuery,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useDeleteLocationMutation,
} = locationsApi;
