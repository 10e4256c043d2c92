import "server-only";
import { ZFxRatePair } from "@/lib/contract/ops/schema";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { parseInput } from "@/lib/contract/validation";
import { listFxRates } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "fx-rate list",
  summary: "List FX rates with their history, newest first per pair (the current one marked)",
  flags: {
    from: { type: "string", value: "CCY", description: "only this pair (with --to)" },
    to: { type: "string", value: "CCY", description: "only this pair (with --from)" },
  },
  async run(ctx, flags) {
    const pair = flags.from === undefined && flags.to === undefined ? undefined : parseInput(ZFxRatePair, { from: flags.from, to: flags.to });
    const rates = await listFxRates(ctx, pair);
    return {
      json: { rates },
      text: rates.length
        ? rates.map((r) => `${r.from}/${r.to}  ${r.rate}  from ${r.effectiveAt}${r.current ? "  (current)" : r.scheduled ? "  (scheduled)" : ""}`).join("\n")
        : "No rates.",
    };
  },
});
