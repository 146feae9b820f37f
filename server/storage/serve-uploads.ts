import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fs from "node:fs";
import type { Config } from "../config";
import type { Storage } from "./object-store";

/** The names uploads and demo pictures are stored under (server/modules/media/own-uploads.ts). */
const UPLOAD_NAME = /^[A-Za-z0-9_-]+\.(webp|png|jpe?g|gif|avif|svg)$/;
const TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
};
/** Every stored name is random or drawn once: a name's bytes never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export const uploadContentType = (name: string) =>
  TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/**
 * GET /uploads/<name>. On disk, @fastify/static serves the folder as before. From a bucket, every
 * process answers from the same objects: it streams the object, or with S3_PUBLIC_URL redirects to
 * the public copy (a CDN in front of the bucket). Only the uploads prefix is ever reachable here:
 * the private store has no route at all.
 */
export async function serveUploads(app: FastifyInstance, config: Config, storage: Storage): Promise<void> {
  if (storage.driver === "disk") {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: "/uploads/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      index: false,
    });
    return;
  }
  const publicBase = config.S3_PUBLIC_URL;
  app.get<{ Params: { "*": string } }>("/uploads/*", async (req, reply) => {
    const name = req.params["*"];
    if (!UPLOAD_NAME.test(name)) return reply.callNotFound();
    if (publicBase) return reply.header("cache-control", IMMUTABLE).redirect(`${publicBase}/uploads/${name}`, 301);
    const object = await storage.uploads.open(name);
    if (!object) return reply.callNotFound();
    // HEAD: the headers only; the bucket's stream is closed at once rather than left to time out.
    if (req.method === "HEAD") object.body.destroy();
    reply.header("content-type", uploadContentType(name)).header("cache-control", IMMUTABLE);
    // Pictures are never sniffed as anything else (an SVG is only ever an image here).
    reply.header("x-content-type-options", "nosniff");
    if (object.length !== undefined) reply.header("content-length", object.length);
    return reply.send(req.method === "HEAD" ? "" : object.body);
  });
}
