/**
 * Text PostgreSQL cannot store: a NUL character, or a UTF-16 surrogate without
 * its pair (JSON can spell one as "\ud800"; UTF-8 cannot encode it). Found in
 * decoded input before any schema or database sees it, so the answer is a 400
 * naming the field, never a database error. Browser-safe.
 */
const UNSTORABLE = /[\u0000\p{Surrogate}]/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

export type UnstorableText = { path: PropertyKey[]; reason: "NUL character" | "unpaired UTF-16 surrogate" };

/** The first string (value or object key) anywhere in `value` that cannot be stored, with its path; null when all can. */
export function findUnstorableText(value: unknown, path: PropertyKey[] = [], depth = 0): UnstorableText | null {
  if (typeof value === "string") {
    if (isStorableText(value)) return null;
    return { path, reason: value.includes("\u0000") ? "NUL character" : "unpaired UTF-16 surrogate" };
  }
  // Bodies are size-limited before decoding; the depth bound keeps a hostile nesting from costing a deep walk.
  if (typeof value !== "object" || value === null || depth > 64) return null;
  const entries: Array<[PropertyKey, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    if (typeof key === "string" && !isStorableText(key))
      return { path: [...path, key], reason: key.includes("\u0000") ? "NUL character" : "unpaired UTF-16 surrogate" };
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
