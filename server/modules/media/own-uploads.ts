import { AppError } from "../../errors";

/** Images shown in the shop are files uploaded here: /uploads/<random>-<width>.webp. */
export const OWN_UPLOAD = /^\/uploads\/[A-Za-z0-9_-]+\.(webp|png|jpe?g|gif|avif|svg)$/;

export function assertOwnUploads(urls: string[]): void {
  if (urls.some((u) => !OWN_UPLOAD.test(u))) throw new AppError("bad_input", "catalogAdmin.imageNotFound");
}
