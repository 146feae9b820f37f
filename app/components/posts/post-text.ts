import { LIMITS } from "@core/constants";

/** The review preview: the first 150 characters, cut at a word where one is near (SPEC §2 Reviews). */
export function postPreview(text: string, max: number = LIMITS.postPreviewChars): { text: string; truncated: boolean } {
  const clean = text.trim();
  const chars = [...clean]; // by code point, so Arabic and emoji never split in half
  if (chars.length <= max) return { text: clean, truncated: false };
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return { text: `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`, truncated: true };
}
