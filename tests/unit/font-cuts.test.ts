/**
 * The first screen's cut fonts (scripts/subset-fonts.sh, app/app.css) hold every letter the shop
 * itself writes: its dictionaries, the demo shop and the prices and dates it formats. A letter
 * outside the cut makes the page fetch the package's whole face (31 to 124 kB) before it is drawn;
 * the Arabic search title's «» did so until the cut took them in.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { formatEgp } from "@core/pricing";
import {
  covers,
  cutsByFamily,
  fontFaces,
  PACKAGE_FONTS_CSS,
  packageFontsCss,
  parseRanges,
  subtractRanges,
} from "../../scripts/package-font-faces.mjs";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type Range = [number, number];

/** The unicode-range of each cut face in app.css, by its file. */
function cssCuts(): Map<string, Range[]> {
  const cuts = new Map<string, Range[]>();
  for (const face of fontFaces(read("app/app.css"))) {
    if (face.file?.startsWith("./fonts/")) cuts.set(face.file.slice("./fonts/".length), face.ranges);
  }
  return cuts;
}

const cuts = cssCuts();
const outside = (ranges: Range[], text: string) => [...new Set([...text].filter((ch) => !covers(ranges, ch)))];
const codes = (chars: string[]) => chars.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} ${ch}`);

const dictionaryText = (lang: "en" | "ar") =>
  fs
    .readdirSync(path.join(root, "core/i18n", lang))
    .map((file) => Object.values(JSON.parse(read(`core/i18n/${lang}/${file}`)) as Record<string, string>).join("\n"))
    .join("\n");

const latin = () => cuts.get("inter-core-wght.woff2")!;
const arabic = () => [
  ...cuts.get("noto-kufi-arabic-core-wght.woff2")!,
  ...cuts.get("noto-kufi-arabic-latin-core-wght.woff2")!,
];

describe("the cut fonts", () => {
  it("declare in app.css the lists the script cuts them with", () => {
    const script = read("scripts/subset-fonts.sh");
    const list = (name: string) => parseRanges(new RegExp(`^${name}="([^"]+)"`, "m").exec(script)![1]!);
    expect(cuts.get("inter-core-wght.woff2")).toEqual(list("LATIN"));
    expect(cuts.get("noto-kufi-arabic-latin-core-wght.woff2")).toEqual(list("LATIN"));
    expect(cuts.get("noto-kufi-arabic-core-wght.woff2")).toEqual(list("ARABIC"));
  });

  it("hold every letter of the English dictionaries (the language switch's العربية from the Arabic face)", () => {
    // The English pages' family falls back to Noto Kufi Arabic (app.css --font-sans).
    expect(codes(outside([...latin(), ...arabic()], dictionaryText("en")))).toEqual([]);
  });

  it("hold every letter of the Arabic dictionaries", () => {
    expect(codes(outside(arabic(), dictionaryText("ar")))).toEqual([]);
  });

  it("hold every letter of the demo shop's catalogue, names and addresses", () => {
    const seed = fs
      .readdirSync(path.join(root, "server/db/seed"))
      .map((file) => read(`server/db/seed/${file}`))
      .join("\n");
    expect(codes(outside([...latin(), ...arabic()], seed))).toEqual([]);
  });

  it("hold the prices and dates the pages format in both languages", () => {
    const date = (lang: "en" | "ar") =>
      new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(new Date("2026-09-27T12:00:00Z"));
    expect(codes(outside(latin(), `${formatEgp(-1_234_550, "en")} ${date("en")}`))).toEqual([]);
    expect(codes(outside(arabic(), `${formatEgp(-1_234_550, "ar")} ${date("ar")}`))).toEqual([]);
  });

  it("leave their letters to them alone: no package face of the family covers one (decision 367)", () => {
    const appCss = read("app/app.css");
    expect(appCss).toContain('@import "./package-fonts.css"');
    expect(appCss).not.toMatch(/@import "@fontsource/);
    expect(fs.readFileSync(PACKAGE_FONTS_CSS, "utf8"), "run node scripts/package-font-faces.mjs").toBe(
      packageFontsCss(),
    );
    const cut = cutsByFamily(appCss);
    const faces = fontFaces(fs.readFileSync(PACKAGE_FONTS_CSS, "utf8"));
    expect(faces.length).toBeGreaterThan(5);
    for (const face of faces) {
      const taken = cut.get(face.family!) ?? [];
      expect(taken.length, face.family).toBeGreaterThan(0);
      expect(subtractRanges(face.ranges, taken), face.file).toEqual(face.ranges);
    }
  });

  it("subtract ranges to the code points left", () => {
    expect(
      subtractRanges(
        [
          [0x00, 0xff],
          [0x2000, 0x206f],
        ],
        [
          [0x20, 0x7e],
          [0xab, 0xab],
          [0x2000, 0x2010],
        ],
      ),
    ).toEqual([
      [0x00, 0x1f],
      [0x7f, 0xaa],
      [0xac, 0xff],
      [0x2011, 0x206f],
    ]);
  });
});
