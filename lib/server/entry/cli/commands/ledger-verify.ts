import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";

/** Exit 0 when every entry balances and every balance equals its postings; exit 1 naming the first discrepancy. */
export default defineCommand({
  name: "ledger verify",
  summary: "Check that every ledger entry sums to zero per currency and every balance equals its postings",
  flags: {},
  async run(ctx) {
    const result = await verifyLedger(ctx.db);
    if (!result.ok) throw new ApiError("LEDGER_DISCREPANCY", `Ledger discrepancy: ${result.message}.`, { extra: { discrepancy: result.discrepancy } });
    return {
      json: { ok: true, entries: result.entries, accounts: result.accounts, postings: result.postings },
      text: `Ledger balanced: ${result.entries} entries, ${result.postings} postings, ${result.accounts} account balances equal to their postings.`,
    };
  },
});
