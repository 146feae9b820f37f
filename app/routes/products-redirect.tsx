import { redirect } from "react-router";
import type { Route } from "./+types/products-redirect";

/** /products/{id} is the spec's other reading of the edit screen: send it to the guarded one. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/moderator/edit-product/${encodeURIComponent(params.id)}`, 301);
}
