import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireRole } from "~/lib/guards.server";

export function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["admin"]);
  return null;
}

export default function AdminOnly() {
  return <Outlet />;
}
