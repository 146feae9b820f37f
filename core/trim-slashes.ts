/**
 * "https://shop.example//" without its trailing slashes. A loop, not `/\/+$/`: that pattern is
 * tried from every slash of a long run and so costs quadratic time (tests/unit/redos.test.ts).
 */
export function trimTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(0, end);
}
