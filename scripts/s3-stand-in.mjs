/**
 * A real S3-compatible server for tests and the cluster run: s3rver (an npm package speaking the
 * S3 REST protocol) on a free port of 127.0.0.1, its objects in a temporary folder, one bucket made.
 * `env` is what the shop needs to use it (STORAGE=s3 and the S3_* variables).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export async function startS3StandIn({ bucket = "azya-test" } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      // s3rver's fixed keys: it checks signatures like S3 does.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
