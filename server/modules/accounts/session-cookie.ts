/**
 * The session cookie, set the same way by `POST /api/login`, `/api/auth/google` and the /auth
 * page's form post: HttpOnly, SameSite=Strict, Secure in production, for as long as the session.
 */
import fastifyCookie from "@fastify/cookie";
import { COOKIES } from "@core/constants";
import type { Config } from "../../config";

export function sessionCookieOptions(config: Config, expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.isProduction,
    path: "/",
    ...(expiresAt ? { maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000) } : {}),
  };
}

/** The Set-Cookie header of a new session, for an answer that is not a Fastify reply (a route action's). */
export const sessionSetCookie = (config: Config, token: string, expiresAt: Date) =>
  fastifyCookie.serialize(COOKIES.session, token, sessionCookieOptions(config, expiresAt));
