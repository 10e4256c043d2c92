import { z } from "zod";

/**
 * The actions the Bank operations console posts to /api/operations/<action>.
 * Each is one operation of lib/server/domain/operations, with the same zod schema as the
 * command line (lib/contract/ops/schema.ts).
 */
export const CONSOLE_ACTIONS = [
  "client-create",
  "client-suspend",
  "client-reactivate",
  "client-permissions",
  "client-ip-allow-list",
  "client-rotate-secret",
  "account-open",
  "account-status",
  "va-currency-add",
  "user-invite",
  "user-role",
  "user-disable",
  "user-enable",
  "user-reset-password",
  "bank-code-add",
  "account-close",
  "holiday-add",
  "holiday-remove",
  "holiday-import",
  "fx-rate-set",
  "ach-cutoff-set",
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

export function isConsoleAction(value: string): value is ConsoleAction {
  return (CONSOLE_ACTIONS as readonly string[]).includes(value);
}

/** What a refused console action answers (and a failed set-password): the message names the field. */
export type ConsoleError = { code: string; message: string; field: string | null };

/** What an accepted console action answers: its operation's result, shown as is (a revealed secret is one of its keys). */
export const ZConsoleOutcome = z.record(z.string(), z.unknown());

/** What a set-password link answers once the password is set: whose account it was. */
export const ZPasswordSet = z.object({ email: z.string() });
