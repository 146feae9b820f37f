/**
 * The fonts every PDF embeds, committed beside this file (Noto, SIL Open Font License 1.1: see
 * fonts/README.md): Noto Sans for Latin text and digits, Noto Sans Arabic for Arabic. Noto Sans
 * Arabic has no Latin letters, so each run of text picks its font (text-layout.ts). Read once.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface FontSet {
  latin: Buffer;
  latinBold: Buffer;
  arabic: Buffer;
  arabicBold: Buffer;
}

const FILES = {
  latin: "NotoSans-Regular.ttf",
  latinBold: "NotoSans-Bold.ttf",
  arabic: "NotoSansArabic-Regular.ttf",
  arabicBold: "NotoSansArabic-Bold.ttf",
} as const;

function fontsFolder(): string {
  // From the source tree the fonts sit beside this file; from the one server bundle
  // (build/server/index.js) they are found by walking up to server/modules/documents/fonts,
  // as the migrations folder is (server/db/client.ts).
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, "fonts"), path.join(dir, "server", "modules", "documents", "fonts")]) {
      if (fs.existsSync(path.join(candidate, FILES.arabic))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error(`No document fonts found near ${here}`);
  }
}

let loaded: FontSet | null = null;

export function documentFonts(): FontSet {
  if (loaded) return loaded;
  const dir = fontsFolder();
  const read = (name: string) => fs.readFileSync(path.join(dir, name));
  loaded = {
    latin: read(FILES.latin),
    latinBold: read(FILES.latinBold),
    arabic: read(FILES.arabic),
    arabicBold: read(FILES.arabicBold),
  };
  return loaded;
}
