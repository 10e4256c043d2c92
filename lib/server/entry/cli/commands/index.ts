import "server-only";
import type { OpsCommand } from "@/lib/server/entry/cli/command";
import accountClose from "@/lib/server/entry/cli/commands/account-close";
import accountOpen from "@/lib/server/entry/cli/commands/account-open";
import accountStatus from "@/lib/server/entry/cli/commands/account-status";
import achCutoffSet from "@/lib/server/entry/cli/commands/ach-cutoff-set";
import achCutoffShow from "@/lib/server/entry/cli/commands/ach-cutoff-show";
import auditVerify from "@/lib/server/entry/cli/commands/audit-verify";
import bankCodeAdd from "@/lib/server/entry/cli/commands/bank-code-add";
import clientCreate from "@/lib/server/entry/cli/commands/client-create";
import clientIpAllowList from "@/lib/server/entry/cli/commands/client-ip-allow-list";
import clientList from "@/lib/server/entry/cli/commands/client-list";
import clientPermissions from "@/lib/server/entry/cli/commands/client-permissions";
import clientReactivate from "@/lib/server/entry/cli/commands/client-reactivate";
import clientRotateSecret from "@/lib/server/entry/cli/commands/client-rotate-secret";
import clientShow from "@/lib/server/entry/cli/commands/client-show";
import clientSuspend from "@/lib/server/entry/cli/commands/client-suspend";
import fxRateList from "@/lib/server/entry/cli/commands/fx-rate-list";
import fxRateSet from "@/lib/server/entry/cli/commands/fx-rate-set";
import holidayAdd from "@/lib/server/entry/cli/commands/holiday-add";
import holidayImport from "@/lib/server/entry/cli/commands/holiday-import";
import holidayList from "@/lib/server/entry/cli/commands/holiday-list";
import holidayRemove from "@/lib/server/entry/cli/commands/holiday-remove";
import keyList from "@/lib/server/entry/cli/commands/key-list";
import keyRotate from "@/lib/server/entry/cli/commands/key-rotate";
import ledgerVerify from "@/lib/server/entry/cli/commands/ledger-verify";
import operatorCreate from "@/lib/server/entry/cli/commands/operator-create";
import operatorResetSecondFactor from "@/lib/server/entry/cli/commands/operator-reset-second-factor";
import paymentReturn from "@/lib/server/entry/cli/commands/payment-return";
import userDisable from "@/lib/server/entry/cli/commands/user-disable";
import userEnable from "@/lib/server/entry/cli/commands/user-enable";
import userInvite from "@/lib/server/entry/cli/commands/user-invite";
import userResetPassword from "@/lib/server/entry/cli/commands/user-reset-password";
import userRole from "@/lib/server/entry/cli/commands/user-role";
import vaCurrencyAdd from "@/lib/server/entry/cli/commands/va-currency-add";

/**
 * The commands of `npm run ops -- <command>` (docs/operations.md).
 *
 * To add a command:
 *   1. Write lib/server/entry/cli/commands/<noun>-<verb>.ts that default-exports
 *      `defineCommand({ name: "<noun> <verb>", summary, flags, run })`
 *      (lib/server/entry/cli/command.ts). `run(ctx, flags)` gets the database
 *      (`ctx.db`, migrations applied), the actor for audit rows and the raw
 *      flags; parse them with your zod schema (a ZodError/ApiError becomes
 *      exit 1 with the message; unknown or missing required flags are exit 2
 *      before `run` is called). Return `{ json, text? }`: `--json` prints
 *      `json` as one line, otherwise `text` (or `key: value` lines).
 *   2. Import it below and add it to COMMANDS (one line each; keep the
 *      list sorted by name). `npm run ops -- --help` lists it from here.
 *   3. Test it through `runCli` (lib/server/entry/cli/run.int.test.ts shows how).
 * Refuse with `throw new ApiError(code, message, { field })`: the message is
 * what the operator reads, so name the flag or field.
 */
export const COMMANDS: readonly OpsCommand[] = [
  accountClose,
  accountOpen,
  accountStatus,
  achCutoffSet,
  achCutoffShow,
  auditVerify,
  bankCodeAdd,
  clientCreate,
  clientIpAllowList,
  clientList,
  clientPermissions,
  clientReactivate,
  clientRotateSecret,
  clientShow,
  clientSuspend,
  fxRateList,
  fxRateSet,
  holidayAdd,
  holidayImport,
  holidayList,
  holidayRemove,
  keyList,
  keyRotate,
  ledgerVerify,
  operatorCreate,
  operatorResetSecondFactor,
  paymentReturn,
  userDisable,
  userEnable,
  userInvite,
  userResetPassword,
  userRole,
  vaCurrencyAdd,
];
