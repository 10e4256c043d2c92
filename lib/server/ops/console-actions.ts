import "server-only";
import type { ConsoleAction } from "@/lib/contract/ops/console";
import { closeAccount, openAccount, provisionVirtualAccountCurrency, setAccountStatus } from "@/lib/server/ops/accounts";
import { createClient, reactivateClient, rotateClientSecret, setClientAllowList, setClientPermissions, suspendClient } from "@/lib/server/ops/clients";
import type { OpsContext } from "@/lib/server/ops/context";
import { addBankCode, addHoliday, importHolidayYear, removeHoliday, setAchCutoff, setFxRate } from "@/lib/server/ops/reference";
import { changeUserRole, inviteUser, resetUserPassword, setUserDisabled } from "@/lib/server/ops/users";

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
