import type { AppDeps } from "../../deps";

/** Demo catalogue, banners, headlines and posts. Filled in by the catalogue work (issue 3). */
export async function seedDemo(_deps: AppDeps) {}
