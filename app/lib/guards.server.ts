import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "@server/modules/accounts/sessions";

/**
 * A guest goes to /auth?redirect=<where they were going>. `url` is the loader's own (React Router's
 * address of the page, without a data request's `.data` or `_routes`: decision 399).
 */
export function requireUser(url: URL, context: AppLoadContext): SessionUser {
  if (context.user) return context.user;
  throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A signed-in user with the wrong role goes to /unauthorized. */
export function requireRole(url: URL, context: AppLoadContext, roles: SessionUser["role"][]): SessionUser {
  const user = requireUser(url, context);
  if (!roles.includes(user.role)) throw redirect("/unauthorized");
  return user;
}
