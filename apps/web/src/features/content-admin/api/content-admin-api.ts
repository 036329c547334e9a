import type { ListMeta } from '@agrihub/contract/schemas/common';
import type {
  AdminPageView,
  AdminPost,
  Faq,
  FaqInput,
  PageViewInput,
  PostCategory,
  PostCategoryInput,
  PostCategoryUpdate,
  PostInput,
} from '@agrihub/contract/schemas/content';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import { listParams } from '../../../lib/list-params';
import type { FaqFilters, PageViewFilters, PostFilters } from '../lib/list-params';

/** A post in the list (the list leaves the body out). */
export type PostRow = Omit<AdminPost, 'body'>;
export type PageViewRow = Omit<AdminPageView, 'body'>;

export interface PostList {
  posts: PostRow[];
  meta: ListMeta;
  /** The filtered posts per status (the status filter left out). */
  counts: Partial<Record<string, number>>;
}
export interface FaqList {
  faqs: Faq[];
  /** Every group of the platform's FAQs (for the filter and the group autocomplete). */
  groups: string[];
  meta: ListMeta;
}
export interface PageViewList {
  page_views: PageViewRow[];
  meta: ListMeta;
}
/** A saved record and the server's message (in the reader's language) when it sent one. */
export interface Saved<T> {
  item: T;
  message?: string;
}

interface Answer<K extends string, T> {
  data: Record<K, T>;
  meta?: { message?: string };
}
const saved =
  <K extends string>(key: K) =>
  <T>(a: Answer<K, T>): Saved<T> => ({ item: a.data[key], message: a.meta?.message });
const done = (a: { meta?: { message?: string } } | null) => ({ message: a?.meta?.message });

const ADMIN = 'api/v1/admin';
const tagged = api.enhanceEndpoints({
  addTagTypes: [
    'PostCategory',
    'AdminPost',
    'AdminPostList',
    'AdminPostHistory',
    'AdminFaqList',
    'AdminPageView',
    'AdminPageViewList',
    'AdminPageViewHistory',
  ],
});

/** Back-office content (DESIGN §5.4): the post category tree, posts, FAQs and page views. */
export const contentAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    // ── post categories ──
    listPostCategories: build.query<PostCategory[], void>({
      query: () => `${ADMIN}/post_categories`,
      transformResponse: (a: { data: { category_posts: PostCategory[] } }) => a.data.category_posts,
      providesTags: ['PostCategory'],
    }),
    createPostCategory: build.mutation<Saved<PostCategory>, PostCategoryInput>({
      query: (body) => ({ url: `${ADMIN}/post_categories`, method: 'POST', body }),
      transformResponse: saved('category_post'),
      invalidatesTags: ['PostCategory'],
    }),
    updatePostCategory: build.mutation<Saved<PostCategory>, { id: number; body: PostCategoryUpdate }>({
      query: ({ id, body }) => ({ url: `${ADMIN}/post_categories/${id}`, method: 'PUT', body }),
      transformResponse: saved('category_post'),
      // A rename or a move changes the paths the posts show.
      invalidatesTags: ['PostCategory', 'AdminPostList', 'AdminPost'],
    }),
    deletePostCategory: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${ADMIN}/post_categories/${id}`, method: 'DELETE' }),
      transformResponse: done,
      invalidatesTags: ['PostCategory'],
    }),

    // ── posts ──
    listPosts: build.query<PostList, PostFilters>({
      query: (filters) => ({ url: `${ADMIN}/posts`, params: listParams(filters) }),
      transformResponse: (a: { data: { posts: PostRow[] }; meta: ListMeta & { counts?: PostList['counts'] } }) => ({
        posts: a.data.posts,
        meta: a.meta,
        counts: a.meta.counts ?? {},
      }),
      providesTags: ['AdminPostList'],
    }),
    getPost: build.query<AdminPost, number>({
      query: (id) => `${ADMIN}/posts/${id}`,
      transformResponse: (a: { data: { post: AdminPost } }) => a.data.post,
      providesTags: (_r, _e, id) => [{ type: 'AdminPost', id }],
    }),
    createPost: build.mutation<Saved<AdminPost>, PostInput>({
      query: (body) => ({ url: `${ADMIN}/posts`, method: 'POST', body }),
      transformResponse: saved('post'),
      invalidatesTags: ['AdminPostList', 'PostCategory'],
    }),
    updatePost: build.mutation<Saved<AdminPost>, { id: number; body: PostInput }>({
      query: ({ id, body }) => ({ url: `${ADMIN}/posts/${id}`, method: 'PUT', body }),
      transformResponse: saved('post'),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'AdminPost', id },
        { type: 'AdminPostHistory', id },
        'AdminPostList',
        'PostCategory',
      ],
    }),
    deletePost: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${ADMIN}/posts/${id}`, method: 'DELETE' }),
      transformResponse: done,
      invalidatesTags: ['AdminPostList', 'PostCategory'],
    }),
    postHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`${ADMIN}/posts/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: (_r, _e, { id }) => [{ type: 'AdminPostHistory', id }],
    }),

    // ── FAQs ──
    listFaqs: build.query<FaqList, FaqFilters>({
      query: (filters) => ({ url: `${ADMIN}/faqs`, params: listParams(filters) }),
      transformResponse: (a: { data: { faqs: Faq[]; groups: string[] }; meta: ListMeta }) => ({
        faqs: a.data.faqs,
        groups: a.data.groups,
        meta: a.meta,
      }),
      providesTags: ['AdminFaqList'],
    }),
    createFaq: build.mutation<Saved<Faq>, FaqInput>({
      query: (body) => ({ url: `${ADMIN}/faqs`, method: 'POST', body }),
      transformResponse: saved('faq'),
      invalidatesTags: ['AdminFaqList'],
    }),
    updateFaq: build.mutation<Saved<Faq>, { id: number; body: FaqInput }>({
      query: ({ id, body }) => ({ url: `${ADMIN}/faqs/${id}`, method: 'PUT', body }),
      transformResponse: saved('faq'),
      invalidatesTags: ['AdminFaqList'],
    }),
    deleteFaq: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${ADMIN}/faqs/${id}`, method: 'DELETE' }),
      transformResponse: done,
      invalidatesTags: ['AdminFaqList'],
    }),

    // ── page views ──
    listPageViews: build.query<PageViewList, PageViewFilters>({
      query: (filters) => ({ url: `${ADMIN}/page_views`, params: listParams(filters) }),
      transformResponse: (a: { data: { page_views: PageViewRow[] }; meta: ListMeta }) => ({
        page_views: a.data.page_views,
        meta: a.meta,
      }),
      providesTags: ['AdminPageViewList'],
    }),
    getPageView: build.query<AdminPageView, number>({
      query: (id) => `${ADMIN}/page_views/${id}`,
      transformResponse: (a: { data: { page_view: AdminPageView } }) => a.data.page_view,
      providesTags: (_r, _e, id) => [{ type: 'AdminPageView', id }],
    }),
    createPageView: build.mutation<Saved<AdminPageView>, PageViewInput>({
      query: (body) => ({ url: `${ADMIN}/page_views`, method: 'POST', body }),
      transformResponse: saved('page_view'),
      invalidatesTags: ['AdminPageViewList'],
    }),
    updatePageView: build.mutation<Saved<AdminPageView>, { id: number; body: PageViewInput }>({
      query: ({ id, body }) => ({ url: `${ADMIN}/page_views/${id}`, method: 'PUT', body }),
      transformResponse: saved('page_view'),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'AdminPageView', id },
        { type: 'AdminPageViewHistory', id },
        'AdminPageViewList',
      ],
    }),
    pageViewHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`${ADMIN}/page_views/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: (_r, _e, { id }) => [{ type: 'AdminPageViewHistory', id }],
    }),
    deletePageView: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${ADMIN}/page_views/${id}`, method: 'DELETE' }),
      transformResponse: done,
      invalidatesTags: ['AdminPageViewList'],
    }),
  }),
});

export const {
  useListPostCategoriesQuery,
  useCreatePostCategoryMutation,
  useUpdatePostCategoryMutation,
  useDeletePostCategoryMutation,
  useListPostsQuery,
  useGetPostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  useDeletePostMutation,
  usePostHistoryQuery,
  useListFaqsQuery,
  useCreateFaqMutation,
  useUpdateFaqMutation,
  useDeleteFaqMutation,
  useListPageViewsQuery,
  useGetPageViewQuery,
  useCreatePageViewMutation,
  useUpdatePageViewMutation,
  useDeletePageViewMutation,
  usePageViewHistoryQuery,
} = contentAdminApi;
