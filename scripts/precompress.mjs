// Part of `npm run build`: writes a brotli (level 11) and a gzip (level 9) copy beside every text
// asset of the browser build, which @fastify/static serves as they are (`preCompressed`). On the
// fly, pages' scripts were compressed at brotli level 4 to keep the CPU free; ahead of time the
// best level costs nothing per request (React DOM's chunk: 66 kB at level 4, 57 kB at level 11).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = process.argv[2] ?? "build/client";
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (TEXT.test(entry.name)) yield p;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(ROOT)) {
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue; // not worth a header's worth of bytes
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${count} assets: ${Math.round(before / 1024)} kB -> ${Math.round(after / 1024)} kB brotli`);
