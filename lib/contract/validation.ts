import type { z } from "zod";
import { ApiError, type ErrorDetail } from "@/lib/contract/http/errors";
import { findUnstorableText } from "@/lib/contract/http/storable-text";

/** `['items', 7, 'accountName']` -> `items[7].accountName` (decisions §3). */
export function fieldPath(path: readonly PropertyKey[], prefix?: string): string | null {
  let out = prefix ?? "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || null;
}

function detailCode(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

export function validationError(issues: readonly z.core.$ZodIssue[], prefix?: string): ApiError {
  const details: ErrorDetail[] = issues.flatMap((issue) =>
    // An unknown key is reported at the key itself (one detail per key), so the client sees each field to remove.
    issue.code === "unrecognized_keys" && issue.keys.length > 0
      ? issue.keys.map((key) => ({ field: fieldPath([...issue.path, key], prefix), code: detailCode(issue.code), message: `Unrecognized key: "${key}"` }))
      : [{ field: fieldPath(issue.path, prefix), code: detailCode(issue.code), message: issue.message }],
  );
  const first = details[0];
  const message =
    details.length === 1 && first
      ? `Invalid ${first.field ?? "request"}: ${first.message}`
      : `The request has ${details.length} invalid fields: ${details.map((d) => d.field ?? "request").join(", ")}.`;
  return new ApiError("VALIDATION_ERROR", message, { field: first?.field ?? null, details });
}

/**
 * Every operation's params, query and body pass here: text PostgreSQL cannot
 * store is refused first, naming the field (decisions §3: never a 500).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const field = fieldPath(unstorable.path, prefix);
    const message = `contains a ${unstorable.reason}, which is not allowed in text`;
    throw new ApiError("VALIDATION_ERROR", `Invalid ${field ?? "request"}: ${message}.`, {
      field,
      details: [{ field, code: "INVALID_CHARACTERS", message }],
    });
  }
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues, prefix);
  return result.data;
}
