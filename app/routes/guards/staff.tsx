import { Outlet } from "react-router";
import type { Route } from "./+types/staff";
import { requireRole } from "~/lib/guards.server";

export function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return null;
}

export default function StaffOnly() {
  return <Outlet />;
}
