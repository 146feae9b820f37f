/**
 * Every /api route states who may call it in `config.access`; a route without it stops the
 * server at start-up. The check runs in the route's onRequest hook, before the body is even
 * parsed, so a refused caller learns nothing about valid input.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LANGS, THEMES, COOKIES, type Lang, type Theme } from "@core/constants";
import { resolveSession, type SessionUser } from "../modules/accounts/sessions";
import { AppError } from "../errors";
import type { AppDeps } from "../deps";

export type Access = "public" | "user" | "staff" | "admin";

export interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Lang;
    theme: Theme;
    sessionToken: string | null;
    /** Resolved once per request, lazily (assets never touch the database). */
    currentUser(): Promise<SessionUser | null>;
  }
  interface FastifyInstance {
    deps: AppDeps;
    apiRoutes: ApiRouteInfo[];
  }
}

export function readToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return req.cookies?.[COOKIES.session] ?? null;
}

export function registerAccess(app: FastifyInstance) {
  app.decorate("apiRoutes", [] as ApiRouteInfo[]);
  app.decorateRequest("lang", "en");
  app.decorateRequest("theme", "light");
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("currentUser", async () => null);

  app.addHook("onRequest", async (req, reply) => {
    // `?lang=en|ar` (the hreflang alternate URLs) wins over the cookie and becomes the new choice.
    const queryLang = (req.query as Record<string, unknown> | undefined)?.lang;
    const override =
      typeof queryLang === "string" && (LANGS as readonly string[]).includes(queryLang) ? (queryLang as Lang) : null;
    if (override && override !== req.cookies?.[COOKIES.lang]) {
      reply.setCookie(COOKIES.lang, override, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax" });
    }
    const lang = override ?? req.cookies?.[COOKIES.lang];
    req.lang = (LANGS as readonly string[]).includes(lang ?? "") ? (lang as Lang) : "en";
    const theme = req.cookies?.[COOKIES.theme];
    req.theme = (THEMES as readonly string[]).includes(theme ?? "") ? (theme as Theme) : "light";
    req.sessionToken = readToken(req);
    let cached: Promise<SessionUser | null> | undefined;
    req.currentUser = () => {
      cached ??= req.sessionToken ? resolveSession(app.deps.db, req.sessionToken) : Promise.resolve(null);
      return cached;
    };
  });

  app.addHook("onRoute", (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`API route ${String(route.method)} ${url} does not declare config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== "HEAD") app.apiRoutes.push({ method: m, url, access });
    if (access === "public") return;
    const guard = async (req: FastifyRequest, _reply: FastifyReply) => {
      const user = await req.currentUser();
      if (!user) throw new AppError("unauthenticated", "validation.unauthenticated");
      if (access === "staff" && user.role !== "moderator" && user.role !== "admin") {
        throw new AppError("forbidden", "validation.forbidden");
      }
      if (access === "admin" && user.role !== "admin") throw new AppError("forbidden", "validation.forbidden");
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, guard];
  });
}

/** For handlers behind a non-public access: the user is known to exist. */
export async function requireUser(req: FastifyRequest): Promise<SessionUser> {
  const user = await req.currentUser();
  if (!user) throw new AppError("unauthenticated", "validation.unauthenticated");
  return user;
}
