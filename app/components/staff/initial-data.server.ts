import type { AppLoadContext } from "react-router";

/**
 * What a staff page loader reads for the first paint, through the same service as the API.
 * A failure here is tolerated on purpose: it is logged, the page renders, and the browser asks
 * the API again, which shows the error with Try Again (SPEC §2) instead of a blank error page.
 */
export async function initialData<T>(context: AppLoadContext, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    context.deps.log.error({ err }, `${what} failed to load for the page`);
    return null;
  }
}
