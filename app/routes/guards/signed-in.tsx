import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in";
import { requireUser } from "~/lib/guards.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export default function SignedInOnly() {
  return <Outlet />;
}
