import "server-only";
import { requireFreshSecondFactor } from "@/lib/server/domain/auth/second-factor";
import type { Operator } from "@/lib/server/entry/console/operator-session";
import { ApiError } from "@/lib/contract/http/errors";
import type { ConsoleAction } from "@/lib/contract/ops/console";
import { closeAccount, openAccount, provisionVirtualAccountCurrency, setAccountStatus } from "@/lib/server/domain/operations/accounts";
import {
  createClient,
  reactivateClient,
  rotateClientSecret,
  setClientAllowList,
  setClientPermissions,
  suspendClient,
} from "@/lib/server/domain/operations/clients";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { addBankCode, addHoliday, importHolidayYear, removeHoliday, setAchCutoff, setFxRate } from "@/lib/server/domain/operations/reference";
import { changeUserRole, inviteUser, resetUserPassword, setUserDisabled } from "@/lib/server/domain/operations/users";

/** The console's actions: the same operations as the command line, each validating its own input. */
export const CONSOLE_HANDLERS: Readonly<Record<ConsoleAction, (ctx: OpsContext, input: unknown) => Promise<unknown>>> = {
  "client-create": (ctx, input) => createClient(ctx, input),
  "client-suspend": suspendClient,
  "client-reactivate": reactivateClient,
  "client-permissions": setClientPermissions,
  "client-ip-allow-list": setClientAllowList,
  "client-rotate-secret": rotateClientSecret,
  "account-open": (ctx, input) => openAccount(ctx, input),
  "account-status": setAccountStatus,
  "va-currency-add": provisionVirtualAccountCurrency,
  "user-invite": inviteUser,
  "user-role": changeUserRole,
  "user-disable": (ctx, input) => setUserDisabled(ctx, input, true),
  "user-enable": (ctx, input) => setUserDisabled(ctx, input, false),
  "user-reset-password": resetUserPassword,
  "bank-code-add": addBankCode,
  "account-close": closeAccount,
  "holiday-add": addHoliday,
  "holiday-remove": removeHoliday,
  "holiday-import": importHolidayYear,
  "fx-rate-set": setFxRate,
  "ach-cutoff-set": setAchCutoff,
};

/**
 * Runs one console action for a signed-in operator (app/api/operations/[action],
 * through the session pipeline, lib/server/entry/http/session-route.ts): step-up
 * first, then the operation with its input.
 */
export async function runConsoleAction(
  ctx: OpsContext,
  operator: Pick<Operator, "sessionId" | "mustEnrol">,
  action: ConsoleAction,
  input: unknown,
): Promise<unknown> {
  if (operator.mustEnrol) throw new ApiError("FORBIDDEN", "Set up your authenticator app first: bank operators sign in with a code.");
  // Every console action changes who may do what or how money moves (clients, permissions, allow-lists,
  // accounts, users, FX rates, the cut-off, the calendar): each asks for the second factor again when the
  // operator's last proof is older than five minutes, as changing approval policies does in the portal.
  await requireFreshSecondFactor(ctx.db, operator.sessionId);
  return CONSOLE_HANDLERS[action](ctx, input);
}
