import type { Lang, Theme } from "@core/constants";
import type { AppDeps } from "../deps";
import type { SessionUser } from "../modules/accounts/sessions";
import type { SharedLimits } from "./shared-rate-limit";

/** What the Fastify server hands every loader and action (see ssr.ts); app/load-context.ts types React Router's context with it. */
export interface AppLoadContextValue {
  deps: AppDeps;
  user: SessionUser | null;
  lang: Lang;
  theme: Theme;
  sidebarOpen: boolean;
  nonce: string;
  /** The client's address as the API sees it (`req.ip`: the real client once the edge trusts its proxy). */
  ip: string;
  /** The rate limits a no-script form shares with its API operation (sign-in, order tracking). */
  sharedLimits: SharedLimits;
  /** Errors that loaders and actions threw while this request rendered (entry.server's handleError). */
  errors: unknown[];
}
