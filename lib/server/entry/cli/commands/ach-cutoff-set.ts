import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { setAchCutoff } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "ach-cutoff set",
  summary: "Move the ACH same-day cut-off (bank time; running servers use it from their next payment)",
  flags: { time: { type: "string", value: "HH:MM", required: true, description: "24-hour bank time before 16:00, e.g. 15:15" } },
  async run(ctx, flags) {
    const set = await setAchCutoff(ctx, { time: flags.time });
    return { json: set, text: `ACH cut-off ${set.time} bank time (was ${set.previous}).` };
  },
});
