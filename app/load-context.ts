import type { AppLoadContextValue } from "@server/http/load-context";

export type { AppLoadContextValue };

declare module "react-router" {
  // The server's load context (server/http/load-context.ts) is every loader's and action's `context`.
  interface AppLoadContext extends AppLoadContextValue {}
}
