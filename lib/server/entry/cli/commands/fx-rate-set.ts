import "server-only";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { setFxRate } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "fx-rate set",
  summary: "Quote a new FX rate from an effective time on (history kept; payments use the rate in effect)",
  details: "The rate is units of --to for one unit of --from. Earlier rates stay in the history; a rate is never back-dated.",
  flags: {
    from: { type: "string", value: "CCY", required: true, description: "the currency converted from, e.g. USD" },
    to: { type: "string", value: "CCY", required: true, description: "the currency converted to, e.g. EUR" },
    rate: { type: "string", value: "DECIMAL", required: true, description: "e.g. 0.9215 (at most 10 decimals)" },
    "effective-at": { type: "string", value: "ISO-TIME", description: "when it takes effect, e.g. 2027-01-04T08:00:00-04:00 (default: now)" },
  },
  async run(ctx, flags) {
    const set = await setFxRate(ctx, { from: flags.from, to: flags.to, rate: flags.rate, effectiveAt: stringFlag(flags["effective-at"]) });
    return { json: set, text: `${set.from}/${set.to} ${set.rate} from ${set.effectiveAt} (was ${set.previousRate ?? "not quoted"}).` };
  },
});
