import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { addHoliday } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "holiday add",
  summary: "Make a day a bank holiday, or rename one (running servers settle around it from their next payment)",
  flags: {
    date: { type: "string", value: "YYYY-MM-DD", required: true, description: "the day, bank time" },
    name: { type: "string", value: "NAME", required: true, description: 'e.g. "Christmas Day"' },
  },
  async run(ctx, flags) {
    const added = await addHoliday(ctx, { date: flags.date, name: flags.name });
    return { json: added, text: `${added.date} is a bank holiday: ${added.name}.` };
  },
});
