/** Image uploads (SPEC §7 POST /api/uploads): products, banners and reviews show only these. */
import { z } from "zod";
import { defineOperation } from "../../http/operation";
import { savedImageDto } from "./media-dto";

export const mediaContract = {
  uploadImage: defineOperation({
    method: "POST",
    path: "/uploads",
    access: "user",
    summary:
      "One image in the multipart field `file` (JPEG, PNG, GIF, WebP or AVIF, checked by its bytes), re-encoded to WebP at three widths",
    multipart: true,
    reply: savedImageDto.extend({ message: z.string() }),
    status: 201,
  }),
};
