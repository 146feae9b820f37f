/**
 * The account shapes the API answers (SPEC §3 user, the admin table's row), as zod schemas: the
 * contract checks replies against them and everyone else uses the inferred types. Never a password
 * hash, a code or a session token beyond the one just issued.
 */
import { z } from "zod";
import { LANGS, ROLES, THEMES } from "@core/constants";

/** The signed-in user as the server knows it (sessions.ts builds it from a users row). */
export const sessionUserDto = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  profileImage: z.string().nullable(),
  role: z.enum(ROLES),
  lang: z.enum(LANGS),
  theme: z.enum(THEMES),
  hasPassword: z.boolean(),
  suspended: z.object({ status: z.boolean() }),
});
export type SessionUser = z.infer<typeof sessionUserDto>;

/** A row of the admin accounts table. */
export const adminUserDto = sessionUserDto.omit({ lang: true, theme: true }).extend({
  deleted: z.boolean(),
  activated: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserDTO = z.infer<typeof adminUserDto>;

export const adminUserPageDto = z.object({
  users: z.array(adminUserDto),
  totalPages: z.number(),
  total: z.number(),
  page: z.number(),
});
export type AdminUserPage = z.infer<typeof adminUserPageDto>;

export const messageDto = z.object({ message: z.string() });

/**
 * POST /login and /auth/google. A signed-in reply carries the session token (it is also set as
 * the HttpOnly cookie); the 202 of an account still to activate carries no token.
 */
export const signInDto = z.object({ message: z.string(), UserID: z.string(), token: z.string().optional() });
export type SignInReply = z.infer<typeof signInDto>;
