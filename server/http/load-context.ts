import type { Lang, Theme } from "@core/constants";
import type { AppDeps } from "../deps";
import type { SessionUser } from "../modules/accounts/sessions";

/** What the Fastify server hands every loader and action (see ssr.ts); app/load-context.ts types React Router's context with it. */
export interface AppLoadContextValue {
  deps: AppDeps;
  user: SessionUser | null;
  lang: Lang;
  theme: Theme;
  sidebarOpen: boolean;
  nonce: string;
  /** Errors that loaders and actions threw while this request rendered (entry.server's handleError). */
  errors: unknown[];
}
