/** The context a page's loader or action gets from the server (app/load-context.ts), for calling one directly. */
import type { AppLoadContext } from "react-router";
import type { Lang } from "@core/constants";
import type { SessionUser } from "../../server/modules/accounts/sessions";
import type { TestApp } from "./test-app";

export const loadContextFor = (t: TestApp, ip: string, user: SessionUser | null = null, lang: Lang = "en") =>
  ({
    deps: t.deps,
    user,
    lang,
    theme: "light",
    sidebarOpen: false,
    nonce: "n",
    ip,
    sharedLimits: t.app.sharedLimits,
    errors: [],
  }) as AppLoadContext;
