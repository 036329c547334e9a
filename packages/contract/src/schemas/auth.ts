import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, BUSINESS_FIELDS, PRODUCER_TYPES } from '../constants.js';
import { ACTIONS, SUBJECTS } from '../permissions.js';
import { PLATFORM_KEYS } from '../platforms.js';
import { emailField, localeField, normalizeEmail, textField } from './common.js';
import { phoneField } from '../phone.js';
import { containsOwnEmail, isCommonPassword } from '../passwords.js';
import { listQuery } from './list.js';

/** Spec §5: every password field is 6–18 characters (the current password too: it was set so). */
export function passwordLengthField(requiredKey: string) {
  return textField({ error: requiredKey })
    .min(1, requiredKey)
    .refine((v) => v.length >= PASSWORD_MIN_LENGTH && v.length <= PASSWORD_MAX_LENGTH, {
      message: 'passwordLength',
      params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
      abort: true,
    });
}

/**
 * A new password: 6–18 characters and not one of the most common passwords (ADR 035). Where the
 * request also names the account's e-mail, `refuseOwnEmail` adds the e-mail rule; else the server
 * checks it with the account's address (`passwordRefusal`), with the same message.
 */
export function passwordField(requiredKey: string) {
  return passwordLengthField(requiredKey).refine((v) => !isCommonPassword(v), 'passwordTooCommon');
}

/** Refuses (on `password`) a password holding the `email` of the same body: the account's own. */
export function refuseOwnEmail(v: { email: string; password?: string | null }, ctx: z.RefinementCtx) {
  if (v.password && containsOwnEmail(v.password, v.email)) {
    ctx.addIssue({ code: 'custom', message: 'passwordContainsEmail', path: ['password'] });
  }
}

/** POST /oauth/token, form-encoded. */
export const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: textField().overwrite(normalizeEmail).min(1, 'pleaseInputEmail').max(254),
    password: textField().min(1, 'pleaseInputPassword').max(128),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: textField().min(1).max(200) }),
]);
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  created_at: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const abilityRule = z.object({ action: z.enum(ACTIONS), subject: z.enum(SUBJECTS) });

export const producerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  producer_type: z.enum(PRODUCER_TYPES),
  status: z.string(),
});

export const user = z.object({
  id: z.number().int(),
  platform: z.enum(PLATFORM_KEYS),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  abilities: z.array(abilityRule),
  producer_id: z.number().int().nullable(),
  registed_services: z.array(z.string()),
  isOldUser: z.boolean(),
  locale: localeField,
  required_change_password: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

/** GET /api/v1/admin/users: q searches name and email. */
export const USER_SORT_FIELDS = ['created_at', 'name', 'email'] as const;
export const userListQuery = listQuery(USER_SORT_FIELDS, '-created_at');

/** PUT /api/v1/users: the account's own settings. */
export const updateAccountRequest = z
  .object({
    locale: localeField.optional(),
    name: textField({ error: 'pleaseInputName' }).trim().min(1, 'pleaseInputName').max(120, 'tooLong').optional(),
    phone: phoneField.nullable().optional(),
  })
  .strict();

/** PUT /api/v1/users/password */
export const changePasswordRequest = z.object({
  old_password: passwordLengthField('pleaseInputCurrentPassword'),
  password: passwordField('pleaseInputPassword'),
});
/** The web form adds the confirmation; the API never sees it. */
export const changePasswordForm = changePasswordRequest
  .extend({ password_confirmation: passwordField('pleaseInputConfirmPassword') })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'passwordNotMatches',
    path: ['password_confirmation'],
  });

/** PUT /api/v1/users/password answers with a fresh session: every other one was revoked. */
export const changePasswordResponse = z.object({
  data: z.object({ token: tokenResponse }),
  meta: z.object({ message: z.string() }),
});

export const forgotPasswordRequest = z.object({ email: emailField });
export const resetPasswordRequest = z.object({
  token: textField({ error: 'invalidResetToken' }).min(10, 'invalidResetToken').max(200, 'invalidResetToken'),
  password: passwordField('pleaseInputPassword'),
});

/** POST /api/v1/registrations: a producer signs up with its business; it waits for approval. */
export const registrationRequest = z
  .object({
    email: emailField,
    password: passwordField('pleaseInputPassword'),
    name: textField({ error: 'pleaseInputName' }).trim().min(1, 'pleaseInputName').max(120, 'tooLong'),
    phone: phoneField.optional(),
    locale: localeField.optional(),
    producer: z.object({
      name: textField({ error: 'pleaseInputProducerName' })
        .trim()
        .min(1, 'pleaseInputProducerName')
        .max(200, 'tooLong'),
      producer_type: z.enum(PRODUCER_TYPES, { error: 'pleaseSelectProducerType' }),
      business_fields: z
        .array(z.enum(BUSINESS_FIELDS, { error: 'invalidBusinessField' }))
        .max(4)
        .default([]),
    }),
  })
  .superRefine(refuseOwnEmail);

/** RFC 6749 error fields next to our envelope. */
export const oauthErrorEnvelope = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
  meta: z.object({ code: z.string(), message: z.string() }),
});
