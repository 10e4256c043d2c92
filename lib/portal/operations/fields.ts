/**
 * Form fields of the operations console. Values are strings as typed; each
 * form's `toInput` turns them into its operation's input, which the
 * operation's zod schema then checks (in the browser first, on the server again).
 */
export type FieldSpec = {
  name: string;
  label: string;
  kind?: "text" | "email" | "select" | "textarea";
  options?: readonly string[];
  hint?: string;
  required?: boolean;
};

/** "a, b\nc" -> ["a", "b", "c"]: CIDR and permission lists typed one per line or comma-separated. */
export function splitList(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The non-blank lines of a textarea, trimmed: owners and attributes, one a line. */
export function lines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** An empty optional field is absent, not "". */
export function optional(text: string | undefined): string | undefined {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The form field a schema issue belongs to: `ipAllowList[2]` -> `ipAllowList`. */
export function rootField(path: string | null | undefined): string | null {
  if (!path) return null;
  return path.split(/[.[]/)[0] ?? null;
}
