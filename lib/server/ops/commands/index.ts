import "server-only";
import type { OpsCommand } from "@/lib/server/ops/cli/command";
import accountClose from "@/lib/server/ops/commands/account-close";
import accountOpen from "@/lib/server/ops/commands/account-open";
import accountStatus from "@/lib/server/ops/commands/account-status";
import achCutoffSet from "@/lib/server/ops/commands/ach-cutoff-set";
import achCutoffShow from "@/lib/server/ops/commands/ach-cutoff-show";
import auditVerify from "@/lib/server/ops/commands/audit-verify";
import bankCodeAdd from "@/lib/server/ops/commands/bank-code-add";
import clientCreate from "@/lib/server/ops/commands/client-create";
import clientIpAllowList from "@/lib/server/ops/commands/client-ip-allow-list";
import clientList from "@/lib/server/ops/commands/client-list";
import clientPermissions from "@/lib/server/ops/commands/client-permissions";
import clientReactivate from "@/lib/server/ops/commands/client-reactivate";
import clientRotateSecret from "@/lib/server/ops/commands/client-rotate-secret";
import clientShow from "@/lib/server/ops/commands/client-show";
import clientSuspend from "@/lib/server/ops/commands/client-suspend";
import fxRateList from "@/lib/server/ops/commands/fx-rate-list";
import fxRateSet from "@/lib/server/ops/commands/fx-rate-set";
import holidayAdd from "@/lib/server/ops/commands/holiday-add";
import holidayImport from "@/lib/server/ops/commands/holiday-import";
import holidayList from "@/lib/server/ops/commands/holiday-list";
import holidayRemove from "@/lib/server/ops/commands/holiday-remove";
import keyList from "@/lib/server/ops/commands/key-list";
import keyRotate from "@/lib/server/ops/commands/key-rotate";
import ledgerVerify from "@/lib/server/ops/commands/ledger-verify";
import operatorCreate from "@/lib/server/ops/commands/operator-create";
import operatorResetSecondFactor from "@/lib/server/ops/commands/operator-reset-second-factor";
import userDisable from "@/lib/server/ops/commands/user-disable";
import userEnable from "@/lib/server/ops/commands/user-enable";
import userInvite from "@/lib/server/ops/commands/user-invite";
import userResetPassword from "@/lib/server/ops/commands/user-reset-password";
import userRole from "@/lib/server/ops/commands/user-role";
import vaCurrencyAdd from "@/lib/server/ops/commands/va-currency-add";

/**
 * The commands of `npm run ops -- <command>` (docs/operations.md).
 *
 * To add a command:
 *   1. Write lib/server/ops/commands/<noun>-<verb>.ts that default-exports
 *      `defineCommand({ name: "<noun> <verb>", summary, flags, run })`
 *      (lib/server/ops/cli/command.ts). `run(ctx, flags)` gets the database
 *      (`ctx.db`, migrations applied), the actor for audit rows and the raw
 *      flags; parse them with your zod schema (a ZodError/ApiError becomes
 *      exit 1 with the message; unknown or missing required flags are exit 2
 *      before `run` is called). Return `{ json, text? }`: `--json` prints
 *      `json` as one line, otherwise `text` (or `key: value` lines).
 *   2. Import it below and add it to COMMANDS (one line each; keep the
 *      list sorted by name). `npm run ops -- --help` lists it from here.
 *   3. Test it through `runCli` (lib/server/ops/cli/run.int.test.ts shows how).
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
  userDisable,
  userEnable,
  userInvite,
  userResetPassword,
  userRole,
  vaCurrencyAdd,
];
