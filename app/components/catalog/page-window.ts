/**
 * The page numbers the pagination shows: three around the current one, never outside 1..total
 * (SPEC §2 Shop). At the edges the window slides inwards, so it keeps three numbers when it can.
 */
export function pageWindow(current: number, total: number, size = 3): number[] {
  if (total < 1) return [];
  const page = clampPage(current, total);
  const width = Math.min(size, total);
  let start = page - Math.floor(width / 2);
  start = Math.max(1, Math.min(start, total - width + 1));
  return Array.from({ length: width }, (_, i) => start + i);
}

/** A requested page forced into 1..total (a total of 0 still has page 1, the empty one). */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, total));
}
