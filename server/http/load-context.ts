import type { Lang, Theme } from "@core/constants";
import type { AppDeps } from "../deps";
import type { SessionUser } from "../modules/accounts/sessions";
import type { CompressedPage, Encoding } from "./compress-bytes";
import type { RenderThreads } from "./render-threads";
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
  /**
   * A rendered page's bytes, handed over here by entry.server.tsx beside a Response without a body
   * (decision 392): a Response's body is a web stream, and making one only to read it back cost
   * about 3 % of a page's CPU. Unset for answers without a page (redirects, data, resource routes).
   */
  page?: Buffer;
  /**
   * The encoding this visitor's answer will leave in (ssr.ts), when pages render on threads: the
   * thread compresses the page so (decision 407). Null without threads or for a visitor who
   * accepts none.
   */
  pageEncoding?: Encoding | null;
  /** The page as its render thread compressed it in `pageEncoding`, beside `page`. */
  compressedPage?: CompressedPage;
  /** The threads pages are rendered on, when the server runs them (decision 405, render-threads.ts). */
  renderThreads?: RenderThreads;
}
