import "server-only";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { listHolidays } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "holiday list",
  summary: "List the bank holidays (of one year, or all)",
  flags: { year: { type: "string", value: "YYYY", description: "only this year" } },
  async run(ctx, flags) {
    const year = stringFlag(flags.year);
    const holidays = await listHolidays(ctx, year);
    return { json: { holidays }, text: holidays.length ? holidays.map((h) => `${h.date}  ${h.name}`).join("\n") : "No bank holidays." };
  },
});
