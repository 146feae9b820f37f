/**
 * zod issues as one message per field, the first one winning: the one helper every form and the
 * mutation hook (app/lib/use-mutation.ts) use. A field is its path up to the first list index
 * ("address.city", and "sizes" for an issue on sizes[2]); "_form" is an issue without a path.
 */
export type FieldErrors = Record<string, string>;

export function fieldErrors(
  issues:
    | readonly { path: readonly PropertyKey[]; message: string }[]
    | { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
): FieldErrors {
  const list = "issues" in issues ? issues.issues : issues;
  const out: FieldErrors = {};
  for (const issue of list) {
    const upToIndex = issue.path.slice(0, firstIndex(issue.path));
    const key = upToIndex.map(String).join(".") || "_form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

function firstIndex(path: readonly PropertyKey[]): number {
  const at = path.findIndex((p) => typeof p === "number");
  return at === -1 ? path.length : at;
}
