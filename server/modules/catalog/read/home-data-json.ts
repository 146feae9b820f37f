import type { Lang } from "@core/constants";
import type { AppDeps } from "../../../deps";
import type { SharedText } from "../../../shared-text";
import { memoisedText, memoKey } from "./catalog-memo";
import { getHomeData } from "./home-data";

/**
 * GET /api/promos-featuredproducts as JSON text, memoised beside the home data itself: the answer
 * is a couple of hundred products, the same for every visitor, and serialising it was most of the
 * call's cost. Cleared with the rest of the catalogue memo on every catalogue write.
 */
export async function homeDataJson(deps: Pick<AppDeps, "db">, lang: Lang): Promise<SharedText> {
  return memoisedText(memoKey(deps.db, { homeJson: lang }), async () => JSON.stringify(await getHomeData(deps, lang)));
}
