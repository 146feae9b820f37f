import { and, desc, eq } from "drizzle-orm";
import type { PostInput } from "@core/validation/post";
import type { AppDeps } from "../../deps";
import { posts } from "../../db/schema";
import { emit } from "../../events";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { recordAudit } from "../audit/audit";
import { isUuid } from "../../db/ids";
import { assertOwnUploads } from "../media/own-uploads";
import type { PostDTO } from "./content-dto";

type PostRow = typeof posts.$inferSelect;

const toPostDTO = (p: PostRow): PostDTO => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  stars: p.stars,
  images: p.images,
  createdAt: p.createdAt.toISOString(),
});

/** How many reviews the carousel and GET /posts show: the newest ones. */
export const POSTS_SHOWN = 30;

export async function listPosts(deps: Pick<AppDeps, "db">): Promise<PostDTO[]> {
  const rows = await deps.db
    .select()
    .from(posts)
    .where(eq(posts.hidden, false))
    .orderBy(desc(posts.createdAt))
    .limit(POSTS_SHOWN);
  return rows.map(toPostDTO);
}

/** A signed-in customer's review; images must be ones uploaded here (re-encoded, CSP-safe). */
export async function createPost(deps: Pick<AppDeps, "db">, input: PostInput, author: SessionUser): Promise<PostDTO> {
  assertOwnUploads(input.images);
  const [row] = await deps.db
    .insert(posts)
    .values({
      name: input.name,
      description: input.description,
      stars: input.stars,
      images: input.images,
      userId: author._id,
    })
    .returning();
  emit("content.changed", { reason: "post" });
  return toPostDTO(row!);
}

/** Admins remove a review from view; the row stays for the audit trail. */
export async function deletePost(deps: Pick<AppDeps, "db">, id: string, actor: SessionUser): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", "catalogAdmin.postNotFound");
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(posts)
      .set({ hidden: true })
      .where(and(eq(posts.id, id), eq(posts.hidden, false)))
      .returning({ id: posts.id, name: posts.name });
    if (!row) throw new AppError("not_found", "catalogAdmin.postNotFound");
    await recordAudit(tx, actor, "post.delete", "post", id, { name: row.name });
  });
  emit("content.changed", { reason: "post" });
}
