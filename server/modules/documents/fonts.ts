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
  // Works from the source tree and from a bundled server (dist/), like the migrations folder.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "fonts"), path.resolve(here, "../server/modules/documents/fonts")];
  const found = candidates.find((c) => fs.existsSync(path.join(c, FILES.arabic)));
  if (!found) throw new Error(`No document fonts found near ${here}`);
  return found;
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
