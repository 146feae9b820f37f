/**
 * Account forms and API payloads (SPEC §5 Sign up, Password change, Reset password). One schema
 * serves the API and the form; messages are i18n keys, so both show the spec's wording in en and ar.
 */
import { z } from "zod";
import { LANGS, ROLES, THEMES } from "../constants";
import { uuidField } from "./fields";

export const PASSWORD_MIN = 8;
/** Argon2 on a megabyte of password is a denial of service; nobody types more than this. */
export const PASSWORD_MAX = 128;

const fillAll = "auth.fillAllFields";

export const emailField = z
  .string({ error: fillAll })
  .trim()
  .min(1, fillAll)
  .max(254, "validation.emailInvalid")
  .pipe(z.email("validation.emailInvalid"))
  .transform((e) => e.toLowerCase());

const newPasswordField = z
  .string({ error: fillAll })
  .min(1, fillAll)
  .min(PASSWORD_MIN, "auth.passwordTooShort")
  .max(PASSWORD_MAX, "auth.passwordTooLong");

/** Digits with an optional leading +, spaces and dashes allowed (as people type them). */
export const phoneField = z
  .string({ error: fillAll })
  .trim()
  .min(1, fillAll)
  // `abort`: zod 4 runs the later checks after a failed plain .max(), pattern included.
  .max(24, { error: "auth.phoneInvalid", abort: true })
  .regex(/^\+?[0-9][0-9 -]{5,22}$/, "auth.phoneInvalid")
  .transform((p) => p.replace(/[ -]/g, ""));

const nameField = z.string({ error: fillAll }).trim().max(60, "auth.nameTooLong");

/** POST /api/createUser (SPEC §7). */
export const signUpInput = z.object({
  firstName: nameField.min(1, fillAll),
  lastName: nameField.default(""),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpInput>;

/** The sign-up form adds the confirmation and the terms checkbox, checked in the browser. */
export const signUpForm = signUpInput
  .extend({
    confirmPassword: z.string().min(1, fillAll).max(PASSWORD_MAX, "auth.passwordTooLong"),
    terms: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });
    if (!v.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: "auth.agreeToTerms" });
  });

/** POST /api/login. A wrong password is only ever "invalid e-mail or password", so no length rules here. */
export const logInInput = z.object({
  email: emailField,
  password: z.string({ error: fillAll }).min(1, fillAll).max(PASSWORD_MAX, "auth.invalidCredentials"),
  remember: z.boolean().optional().default(false),
});
export type LogInInput = z.infer<typeof logInInput>;

export const googleSignInInput = z.object({ token: z.string().min(1, fillAll).max(4096, "auth.googleTokenInvalid") });

export const activationCodeField = z
  .string({ error: fillAll })
  .trim()
  .max(6, { error: "auth.codeFormat", abort: true })
  .regex(/^[0-9]{6}$/, "auth.codeFormat");

const userIdField = uuidField("auth.codeInvalid");

export const activateInput = z.object({ userId: userIdField, activationCode: activationCodeField });
export const resendActivationInput = z.object({ userId: userIdField });

/** Forgot password, step by step: e-mail, code, new password. */
export const checkEmailInput = z.object({ email: emailField });
export const checkTokenInput = z.object({ email: emailField, token: activationCodeField });
export const resetPasswordInput = z.object({
  email: emailField,
  token: activationCodeField,
  password: newPasswordField,
});

export const resetPasswordForm = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, fillAll).max(PASSWORD_MAX, "auth.passwordTooLong"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });

/**
 * PUT /api/updateuser. The current password is required for accounts that have one, and only when
 * the password changes (checked by the service, which knows whether the account has a password).
 */
export const updateProfileInput = z.object({
  firstName: nameField.min(1, "account.firstNameRequired").optional(),
  lastName: nameField.optional(),
  phone: phoneField.optional(),
  profileImage: z
    .string()
    .max(500, { error: "account.imageInvalid", abort: true })
    .regex(/^(\/uploads\/|https:\/\/)/, "account.imageInvalid")
    .nullable()
    .optional(),
  currentPassword: z.string().max(PASSWORD_MAX, "auth.invalidCredentials").optional(),
  newPassword: z.union([z.literal(""), newPasswordField]).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** The password-change form on the account page; `needsCurrent` for accounts that have a password. */
export function passwordChangeForm(needsCurrent: boolean) {
  return z
    .object({
      currentPassword: z.string().max(PASSWORD_MAX, "auth.invalidCredentials"),
      newPassword: z.union([z.literal(""), newPasswordField]),
      confirmPassword: z.string().max(PASSWORD_MAX, "auth.passwordTooLong"),
    })
    .superRefine((v, ctx) => {
      if (needsCurrent && !v.currentPassword)
        ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "account.currentPasswordRequired" });
      if (v.newPassword !== v.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });
    });
}

export const preferencesInput = z.object({
  lang: z.enum(LANGS, { error: "validation.invalidInput" }).optional(),
  theme: z.enum(THEMES, { error: "validation.invalidInput" }).optional(),
});

/** Admin accounts (SPEC §7). */
export const searchUsersQuery = z.object({
  searchTerm: z.string().trim().max(100, "validation.tooLong").optional().default(""),
  page: z.coerce
    .number({ error: "validation.invalidInput" })
    .int("validation.invalidInput")
    .min(1, "validation.invalidInput")
    .max(10_000, "validation.invalidInput")
    .optional()
    .default(1),
  limit: z.coerce
    .number({ error: "validation.invalidInput" })
    .int("validation.invalidInput")
    .min(1, "validation.invalidInput")
    .max(100, "validation.invalidInput")
    .optional()
    .default(10),
  hidden: z
    .enum(["true", "false"], { error: "validation.invalidInput" })
    .optional()
    .transform((v) => v === "true"),
});
export const userIdInput = z.object({ id: uuidField("validation.notFound") });
export const roleInput = z.object({ role: z.enum(ROLES, { error: "validation.invalidInput" }) });
