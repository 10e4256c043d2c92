import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { getAchCutoff } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "ach-cutoff show",
  summary: "Show the ACH same-day cut-off (bank time, Atlantic/Bermuda)",
  flags: {},
  async run(ctx) {
    const cutoff = await getAchCutoff(ctx);
    return { json: cutoff, text: `ACH cut-off ${cutoff.time} bank time (set ${cutoff.setAt}).` };
  },
});
