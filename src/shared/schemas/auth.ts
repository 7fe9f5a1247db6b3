import { z } from 'zod';
import { currentOrganizationResponse } from './organization';
import { timeZone } from './time-zone';

/** SPEC section 5, "Account forms": one schema per form, shared by the form and its endpoint. */

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, digits, dots, dashes and underscores');

const email = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'));

const fullName = z
  .string({ error: 'Full name must be at least 2 characters' })
  .trim()
  .min(2, 'Full name must be at least 2 characters')
  .max(100, 'Full name must be at most 100 characters');

/**
 * The one password rule, for signing up, changing and resetting a password (issue 10): a
 * reset never accepts what sign-up refuses. Argon2 hashes any length, but a cap keeps a huge
 * body from costing a hash.
 */
const passwordRule = (tooShort: string) =>
  z.string({ error: tooShort }).min(8, tooShort).max(128, 'Password must be at most 128 characters');
const newPassword = passwordRule('Password must be at least 8 characters');
/** The same rule in the reset form's words (DECISIONS, "Accounts": SPEC's 6 overruled, its "long" kept). */
const resetPassword = passwordRule('Password must be at least 8 characters long');

/** A "do not match" message is noise while either field still fails its own rule. */
const bothValid =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  fullName,
  email,
  username,
  password: newPassword,
  timeZone: timeZone.optional(),
  /**
   * Signed up through a trial call to action ("Start Your Free Trial"): the account starts its
   * 30-day Pro trial at once (DECISIONS, "Plans and limits"). Otherwise it starts on Free.
   */
  startTrial: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const profileSchema = z.object({
  fullName,
  email,
  username,
  timeZone: timeZone.optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(128),
    newPassword,
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(8, 'Confirm password is required')
      .max(128),
    /** Also revoke every personal API token (and so stop what they made); on unless turned off. */
    revokeApiTokens: z.boolean({ error: 'Must be true or false' }).optional().default(true),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: bothValid('newPassword', 'confirmPassword'),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangePasswordFormValues = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset form; the endpoint takes only token and newPassword. */
export const resetPasswordFormSchema = z
  .object({ newPassword: resetPassword, confirmPassword: resetPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    when: bothValid('newPassword', 'confirmPassword'),
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  newPassword: resetPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The token of an e-mail confirmation link, posted by the /confirm-email page. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: 'Confirmation token is required' }).min(1, 'Confirmation token is required').max(200),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

export const notificationSettingsSchema = z.object({
  emailInspectionReminders: z.boolean({ error: 'Must be true or false' }),
  emailComplianceAlerts: z.boolean({ error: 'Must be true or false' }),
  emailReportGeneration: z.boolean({ error: 'Must be true or false' }),
  emailNewFeatures: z.boolean({ error: 'Must be true or false' }),
  /**
   * The monthly portfolio summary (docs/insight.md "Monthly summary"), for owners and admins who
   * ask for it. Off unless switched on; settings saved before it existed read as off.
   */
  emailMonthlySummary: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailInspectionReminders: true,
  emailComplianceAlerts: true,
  emailReportGeneration: true,
  emailNewFeatures: false,
  emailMonthlySummary: false,
};

/** The session user as every auth endpoint returns it. */
export const sessionUserResponse = z.object({
  id: z.number().int().min(1),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string().describe('Date and time, ISO 8601'),
  emailConfirmed: z.boolean().describe('False until the account has opened the link mailed to `email` (sign-up, every change)'),
  /** `GET /api/auth/me` only: the organisation the session acts on and the caller's role in it; null in none. */
  organization: currentOrganizationResponse.nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserResponse>;
