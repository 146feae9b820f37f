import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "@server/modules/accounts/sessions";

/** A guest goes to /auth?redirect=<where they were going>. */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A signed-in user with the wrong role goes to /unauthorized. */
export function requireRole(request: Request, context: AppLoadContext, roles: SessionUser["role"][]): SessionUser {
  const user = requireUser(request, context);
  if (!roles.includes(user.role)) throw redirect("/unauthorized");
  return user;
}
