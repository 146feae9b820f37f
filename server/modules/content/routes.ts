import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bannerInput, headlineInput } from "@core/validation/content";
import { postInput } from "@core/validation/post";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { rateLimit } from "../../http/rate-limit";
import { changeBanner, createBanner, listBanners } from "./banners";
import { changeHeadline, createHeadline, listHeadlines } from "./headlines";
import { listActiveHeadlines } from "./headlines-active";
import { createPost, deletePost, listPosts } from "./posts";

const idParams = z.object({ id: z.string().max(100) });
/** {hidden} of the back-office lists; anything but true lists the live ones. */
const hiddenBody = z
  .object({ hidden: z.boolean().optional().catch(false) })
  .optional()
  .catch(undefined);
const activeBody = z.object({ active: z.boolean().optional() }).optional().catch(undefined);

/** SPEC §7 "Banners and headlines" and "Posts". */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const t = translate;

  // Hero slides.
  r.post("/getpromos", { config: { access: "staff" }, schema: { body: hiddenBody } }, async (req) =>
    listBanners(deps.db, req.body?.hidden === true),
  );
  r.post("/promos", { config: { access: "staff" }, schema: { body: bannerInput } }, async (req, reply) => {
    const promo = await createBanner(deps.db, req.body, await requireUser(req));
    return reply.status(201).send({ message: t(req.lang, "catalogAdmin.promoCreated"), promo });
  });
  // POST {active: false} deactivates too, so a toggle can use one call.
  r.post(
    "/promos/active/:id",
    { config: { access: "staff" }, schema: { params: idParams, body: activeBody } },
    async (req) => {
      const promo = await changeBanner(
        deps.db,
        req.params.id,
        { active: req.body?.active ?? true },
        await requireUser(req),
      );
      return { message: t(req.lang, "catalogAdmin.promoStatusUpdated"), promo };
    },
  );
  r.delete("/promos/active/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const promo = await changeBanner(deps.db, req.params.id, { active: false }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.promoStatusUpdated"), promo };
  });
  r.delete("/promos/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const promo = await changeBanner(deps.db, req.params.id, { hidden: true }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.promoDeleted"), promo };
  });
  r.post("/promos/restore/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const promo = await changeBanner(deps.db, req.params.id, { hidden: false }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.promoRestored"), promo };
  });

  // Headlines.
  r.get("/headlines/active", { config: { access: "public" } }, async (req) => listActiveHeadlines(deps.db, req.lang));
  r.post("/getheadlines", { config: { access: "staff" }, schema: { body: hiddenBody } }, async (req) =>
    listHeadlines(deps.db, req.body?.hidden === true),
  );
  r.post("/headlines", { config: { access: "staff" }, schema: { body: headlineInput } }, async (req, reply) => {
    const headline = await createHeadline(deps.db, req.body, await requireUser(req));
    return reply.status(201).send({ message: t(req.lang, "catalogAdmin.headlineCreated"), headline });
  });
  r.post(
    "/headlines/active/:id",
    { config: { access: "staff" }, schema: { params: idParams, body: activeBody } },
    async (req) => {
      const headline = await changeHeadline(
        deps.db,
        req.params.id,
        { active: req.body?.active ?? true },
        await requireUser(req),
      );
      return { message: t(req.lang, "catalogAdmin.headlineStatusUpdated"), headline };
    },
  );
  r.delete("/headlines/active/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const headline = await changeHeadline(deps.db, req.params.id, { active: false }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.headlineStatusUpdated"), headline };
  });
  r.delete("/headlines/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const headline = await changeHeadline(deps.db, req.params.id, { hidden: true }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.headlineDeleted"), headline };
  });
  r.post("/headlines/restore/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    const headline = await changeHeadline(deps.db, req.params.id, { hidden: false }, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.headlineRestored"), headline };
  });

  // Community reviews: anyone reads; a signed-in customer posts (docs/decisions); admins delete.
  r.get("/posts", { config: { access: "public" } }, async () => listPosts(deps));
  r.post(
    "/posts",
    { config: { access: "user", rateLimit: rateLimit(deps.config, 5) }, schema: { body: postInput } },
    async (req, reply) => {
      const post = await createPost(deps, req.body, await requireUser(req));
      return reply.status(201).send({ post });
    },
  );
  r.delete("/posts/:id", { config: { access: "admin" }, schema: { params: idParams } }, async (req) => {
    await deletePost(deps, req.params.id, await requireUser(req));
    return { message: t(req.lang, "catalogAdmin.postDeleted") };
  });
}
