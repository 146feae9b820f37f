import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { changeBanner, createBanner, listBanners } from "./banners";
import { contentContract } from "./contract";
import { changeHeadline, createHeadline, listHeadlines } from "./headlines";
import { listActiveHeadlines } from "./headlines-active";
import { createPost, deletePost, listPosts } from "./posts";

/** SPEC §7 "Banners and headlines" and "Posts"; the operations are declared in contract.ts. */
export async function contentRoutes(app: FastifyInstance) {
  const { deps } = app;
  const t = translate;

  mountContract(app, "content", contentContract, {
    // Hero slides.
    listBanners: async (req) => listBanners(deps.db, req.body?.hidden === true),
    createBanner: async (req) => ({
      message: t(req.lang, "catalogAdmin.promoCreated"),
      promo: await createBanner(deps.db, req.body, await requireUser(req)),
    }),
    activateBanner: async (req) => ({
      message: t(req.lang, "catalogAdmin.promoStatusUpdated"),
      promo: await changeBanner(deps.db, req.params.id, { active: req.body?.active ?? true }, await requireUser(req)),
    }),
    deactivateBanner: async (req) => ({
      message: t(req.lang, "catalogAdmin.promoStatusUpdated"),
      promo: await changeBanner(deps.db, req.params.id, { active: false }, await requireUser(req)),
    }),
    restoreBanner: async (req) => ({
      message: t(req.lang, "catalogAdmin.promoRestored"),
      promo: await changeBanner(deps.db, req.params.id, { hidden: false }, await requireUser(req)),
    }),
    deleteBanner: async (req) => ({
      message: t(req.lang, "catalogAdmin.promoDeleted"),
      promo: await changeBanner(deps.db, req.params.id, { hidden: true }, await requireUser(req)),
    }),

    // Headlines.
    activeHeadlines: async (req) => listActiveHeadlines(deps.db, req.lang),
    listHeadlines: async (req) => listHeadlines(deps.db, req.body?.hidden === true),
    createHeadline: async (req) => ({
      message: t(req.lang, "catalogAdmin.headlineCreated"),
      headline: await createHeadline(deps.db, req.body, await requireUser(req)),
    }),
    activateHeadline: async (req) => ({
      message: t(req.lang, "catalogAdmin.headlineStatusUpdated"),
      headline: await changeHeadline(
        deps.db,
        req.params.id,
        { active: req.body?.active ?? true },
        await requireUser(req),
      ),
    }),
    deactivateHeadline: async (req) => ({
      message: t(req.lang, "catalogAdmin.headlineStatusUpdated"),
      headline: await changeHeadline(deps.db, req.params.id, { active: false }, await requireUser(req)),
    }),
    restoreHeadline: async (req) => ({
      message: t(req.lang, "catalogAdmin.headlineRestored"),
      headline: await changeHeadline(deps.db, req.params.id, { hidden: false }, await requireUser(req)),
    }),
    deleteHeadline: async (req) => ({
      message: t(req.lang, "catalogAdmin.headlineDeleted"),
      headline: await changeHeadline(deps.db, req.params.id, { hidden: true }, await requireUser(req)),
    }),

    // Community reviews: anyone reads; a signed-in customer posts; admins delete.
    listPosts: async () => listPosts(deps),
    createPost: [
      async (req) => ({ post: await createPost(deps, req.body, await requireUser(req)) }),
      { config: { rateLimit: rateLimit(deps.config, 5) } },
    ],
    deletePost: async (req) => {
      await deletePost(deps, req.params.id, await requireUser(req));
      return { message: t(req.lang, "catalogAdmin.postDeleted") };
    },
  });
}
