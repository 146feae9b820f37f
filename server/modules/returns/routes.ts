import type { FastifyInstance } from "fastify";
import { isMessageKey, translate } from "@core/i18n";
import {
  RETURN_MAX_PHOTOS,
  RETURN_PHOTO_MAX_BYTES,
  returnRequestInput,
  type ReturnRequestInput,
} from "@core/validation/returns";
import { AppError, notFound } from "../../errors";
import { requireUser } from "../../http/access";
import { readFilesAndFields, registerMultipart } from "../../http/multipart";
import { mountContract } from "../../http/operation";
import { sharedLimitHook } from "../../http/shared-rate-limit";
import type { Lang } from "@core/constants";
import { returnsContract } from "./contract";
import { approveReturn, receiveReturn, refundReturn, rejectReturn } from "./return-actions";
import { returnOptions } from "./return-options";
import { readReturnPhoto } from "./return-photos";
import { requestReturn } from "./request-return";
import { listStaffReturns } from "./staff-returns";
import { returnRequests } from "../../db/schema";
import { eq } from "drizzle-orm";

/** The request's JSON field, checked with the same schema as the form; its errors as a 400 like any body's. */
function parseRequestField(raw: string | undefined, lang: Lang): ReturnRequestInput {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? "");
  } catch {
    throw new AppError("bad_input", "returns.requestMissing");
  }
  const parsed = returnRequestInput.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    path: i.path.join("."),
    message: translate(lang, isMessageKey(i.message) ? i.message : "validation.invalidInput"),
  }));
  const first = parsed.error.issues[0]?.message ?? "";
  throw new AppError("bad_input", isMessageKey(first) ? first : "validation.invalidInput", undefined, { errors });
}

export async function returnRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  const deps = app.deps;
  const baseUrl = deps.config.PUBLIC_URL;
  const viewerId = async (req: { currentUser(): Promise<{ _id: string } | null> }) =>
    (await req.currentUser())?._id ?? null;
  // The customer's doors prove an order by its number and phone or e-mail: the tracking lookup's limit.
  const trackingLimit = { onRequest: sharedLimitHook(app, "trackOrder") };

  mountContract(app, "returns", returnsContract, {
    returnOptions: [async (req) => returnOptions(deps.db, req.body, await viewerId(req)), trackingLimit],
    requestReturn: [
      async (req) => {
        const form = await readFilesAndFields(
          req,
          { maxFiles: RETURN_MAX_PHOTOS, maxBytes: RETURN_PHOTO_MAX_BYTES, maxFields: 1, fieldSize: 16 * 1024 },
          "returns.photoTooLarge",
        );
        if (!form) throw new AppError("bad_input", "returns.requestMissing");
        if (form.files.some((f) => f.fieldname !== "photos")) throw new AppError("bad_input", "returns.photoNotImage");
        const input = parseRequestField(form.fields.request, req.lang);
        const saved = await requestReturn(deps, input, {
          viewerId: await viewerId(req),
          photos: form.files.map((f) => f.content),
          baseUrl,
        });
        return { message: translate(req.lang, "returns.requested"), ...saved };
      },
      trackingLimit,
    ],
    listReturns: async (req) => ({ returns: await listStaffReturns(deps.db, deps.config, req.query.state) }),
    returnPhoto: async (req, reply) => {
      const { id, n } = req.params;
      const [row] =
        id && n
          ? await deps.db
              .select({ photos: returnRequests.photos })
              .from(returnRequests)
              .where(eq(returnRequests.id, id))
          : [];
      const key = row?.photos[n - 1];
      const content = key ? await readReturnPhoto(deps.storage.private, key) : null;
      if (!content) throw notFound();
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(content);
    },
    approveReturn: async (req) => ({
      message: translate(req.lang, "returns.approved"),
      request: await approveReturn(deps, await requireUser(req), req.params.id, baseUrl),
    }),
    rejectReturn: async (req) => ({
      message: translate(req.lang, "returns.rejected"),
      request: await rejectReturn(deps, await requireUser(req), req.params.id, req.body.reason, baseUrl),
    }),
    receiveReturn: async (req) => ({
      message: translate(req.lang, "returns.received"),
      request: await receiveReturn(deps, await requireUser(req), req.params.id, baseUrl),
    }),
    refundReturn: async (req) => ({
      message: translate(req.lang, "returns.refunded"),
      request: await refundReturn(deps, await requireUser(req), req.params.id, req.body, baseUrl),
    }),
  });
}
