import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in";
import { requireUser } from "~/lib/guards.server";

export function loader({ context, url }: Route.LoaderArgs) {
  requireUser(url, context);
  return null;
}

export default function SignedInOnly() {
  return <Outlet />;
}
