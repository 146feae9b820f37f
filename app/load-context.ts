import type { Lang, Theme } from "@core/constants";
import type { AppDeps } from "@server/deps";
import type { SessionUser } from "@server/modules/accounts/sessions";

/** What the Fastify server hands every loader and action (see server/http/ssr.ts). */
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

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppLoadContextValue {}
}
