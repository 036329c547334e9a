import type { Producer } from '@agrihub/contract/schemas/producers';
import type { TokenResponse, User } from '@agrihub/contract/schemas/auth';
import type { Locale } from '@agrihub/contract/platforms';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { api } from './api';

/** `{ data: { [key]: T }, meta }` */
export interface Envelope<T> {
  data: T;
  meta?: { message?: string };
}
export interface MessageAnswer {
  meta?: { message?: string };
}

export interface WhoamiAnswer {
  user: User;
  producer: Producer | null;
}

export interface LoginArgs {
  username: string;
  password: string;
}

export interface AccountUpdate {
  locale?: Locale;
  name?: string;
  phone?: string | null;
}

export interface PasswordChange {
  old_password: string;
  password: string;
}

export interface RegistrationArgs {
  email: string;
  password: string;
  name: string;
  phone?: string;
  locale?: Locale;
  producer: { name: string; producer_type: string; business_fields: string[] };
}

/** The account and session calls every part of the app uses (spec §7 Auth, Uploads). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginArgs>({
      query: ({ username, password }) => ({
        url: 'oauth/token',
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username, password }),
      }),
    }),
    logout: build.mutation<MessageAnswer, void>({
      query: () => ({ url: 'api/v1/users/logout', method: 'POST' }),
    }),
    whoami: build.query<WhoamiAnswer, void>({
      query: () => 'api/v1/users/whoami',
      transformResponse: (answer: Envelope<WhoamiAnswer>) => answer.data,
      providesTags: ['Me'],
    }),
    updateAccount: build.mutation<User, AccountUpdate>({
      query: (body) => ({ url: 'api/v1/users', method: 'PUT', body }),
      transformResponse: (answer: Envelope<{ user: User }>) => answer.data.user,
    }),
    /** The server revokes the sessions; when it answers a new token in data.token we keep it. */
    changePassword: build.mutation<{ token?: TokenResponse; message?: string }, PasswordChange>({
      query: (body) => ({ url: 'api/v1/users/password', method: 'PUT', body }),
      transformResponse: (answer: Partial<Envelope<{ token?: TokenResponse }>> | null) => ({
        token: answer?.data?.token,
        message: answer?.meta?.message,
      }),
    }),
    forgotPassword: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: 'api/v1/users/forgot_password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, { token: string; password: string }>({
      query: (body) => ({ url: 'api/v1/users/reset_password', method: 'POST', body }),
    }),
    register: build.mutation<MessageAnswer, RegistrationArgs>({
      query: (body) => ({ url: 'api/v1/registrations', method: 'POST', body }),
    }),
    uploadImage: build.mutation<Upload, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'api/v1/images', method: 'POST', body };
      },
      transformResponse: (answer: Envelope<{ image: Upload }>) => answer.data.image,
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useWhoamiQuery,
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useRegisterMutation,
  useUploadImageMutation,
} = sessionApi;
