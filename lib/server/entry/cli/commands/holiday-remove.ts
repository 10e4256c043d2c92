import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { removeHoliday } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "holiday remove",
  summary: "Make a bank holiday a business day again",
  flags: { date: { type: "string", value: "YYYY-MM-DD", required: true, description: "the holiday to remove" } },
  async run(ctx, flags) {
    const removed = await removeHoliday(ctx, { date: flags.date });
    return { json: removed, text: `${removed.date} (${removed.name}) is no longer a bank holiday.` };
  },
});
