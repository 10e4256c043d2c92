import { ApiRequestError } from "@/lib/portal/shared/api-client";

/**
 * The one way the portal reads an API 400 for its form controls: each of
 * `details` (every bad field, decisions §3), or else the body's own `field`.
 */
export type FieldIssue = { field: string | null; message: string };

export function apiFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiRequestError)) return [];
  // The body was parsed with the contract's error schema (read-json.ts): details are typed.
  const details = error.body.details ?? [];
  if (details.length > 0) return details.map((d) => ({ field: d.field, message: d.message }));
  return error.body.field ? [{ field: error.body.field, message: error.message }] : [];
}

type SetError = (field: never, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void;

/**
 * Puts each issue on the control that shows it (`aliases` maps an API field
 * to a control of another name), like the form's own checks, the first one
 * focused. Returns what no control could take, for the form's own message.
 */
export function placeApiErrors(
  setError: SetError,
  error: unknown,
  isControl: (field: string) => boolean,
  aliases: Readonly<Record<string, string>> = {},
): FieldIssue[] {
  const unplaced: FieldIssue[] = [];
  let first = true;
  for (const issue of apiFieldIssues(error)) {
    const control = issue.field ? (aliases[issue.field] ?? issue.field) : null;
    if (control && isControl(control)) {
      setError(control as never, { type: "server", message: issue.message }, { shouldFocus: first });
      first = false;
    } else unplaced.push(issue);
  }
  return unplaced;
}

/**
 * placeApiErrors, then whether the form must say something itself: an issue
 * no control took, or an error that named no field at all (a 409, a network
 * failure). Every form's submit handler reads a refusal this way.
 */
export function placeApiErrorsOrReport(
  setError: SetError,
  error: unknown,
  isControl: (field: string) => boolean,
  aliases: Readonly<Record<string, string>> = {},
): boolean {
  return placeApiErrors(setError, error, isControl, aliases).length > 0 || apiFieldIssues(error).length === 0;
}
