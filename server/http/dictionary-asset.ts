/**
 * A page's dictionary as a file of its own (decision 356). It travelled inside every page's HTML,
 * in the root loader's data: about 50 KB per page, serialised, escaped and compressed on every
 * render and sent again on every page. Now the root loader names its address, which holds the
 * language, the set of namespaces the page needs, and a hash of the text: the browser fetches each
 * language × set once and keeps it, and the server renders with the text it already holds.
 *
 * GET /i18n/{lang}/{set}/{hash}.json is public, like the pages. An address whose hash is not the
 * current text's (a page rendered before a deploy) still gets the current text, but not to keep.
 */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { LANGS, type Lang } from "@core/constants";
import { dictionaries } from "@core/i18n";
import { dictionaryTextOfBits, namespaceSetBits } from "@core/i18n/namespaces";

export interface DictionaryAsset {
  href: string;
  text: string;
}

const HASH_LENGTH = 16;
const assets = new Map<string, DictionaryAsset>();

function assetOf(lang: Lang, bits: number): DictionaryAsset | null {
  const key = `${lang}/${bits}`;
  let asset = assets.get(key);
  if (!asset) {
    const text = dictionaryTextOfBits(dictionaries[lang], bits);
    if (text === null) return null;
    const hash = crypto.createHash("sha256").update(text).digest("base64url").slice(0, HASH_LENGTH);
    asset = { href: `/i18n/${lang}/${bits.toString(36)}/${hash}.json`, text };
    assets.set(key, asset);
  }
  return asset;
}

/** The dictionary a page at `pathname` needs in `lang`: its address and its text. */
export function dictionaryAsset(lang: Lang, pathname: string): DictionaryAsset {
  return assetOf(lang, namespaceSetBits(pathname))!;
}

/** A file name as dictionaryAsset makes them: the text's hash (HASH_LENGTH characters of base64url). */
const FILE = /^[A-Za-z0-9_-]{16}\.json$/;

const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

export function registerDictionaryAsset(app: FastifyInstance) {
  app.get<{ Params: { lang: string; set: string; file: string } }>("/i18n/:lang/:set/:file", async (req, reply) => {
    const { lang, set, file } = req.params;
    const bits = /^[0-9a-z]{1,4}$/.test(set) ? Number.parseInt(set, 36) : Number.NaN;
    const asset = isLang(lang) ? assetOf(lang, bits) : null;
    if (!asset || !FILE.test(file)) return reply.status(404).type("text/plain").send("Not found");
    const current = asset.href.endsWith(`/${file}`);
    return reply
      .header("cache-control", current ? "public, max-age=31536000, immutable" : "no-store")
      .type("application/json; charset=utf-8")
      .send(asset.text);
  });
}
