import "server-only";
import { readFile } from "node:fs/promises";
import { ApiError } from "@/lib/contract/http/errors";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { importHolidayYear } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "holiday import",
  summary: "Replace a year's bank holidays with those of a CSV file (all or nothing)",
  details: [
    "The file: a header line `date,name`, then one holiday a line, e.g.",
    "  date,name",
    "  2028-01-03,New Year's Day (observed)",
    "Any bad line refuses the whole file (each bad line is named by number); nothing changes.",
  ].join("\n"),
  flags: {
    year: { type: "string", value: "YYYY", required: true, description: "the year the file lists; its current holidays are replaced" },
    file: { type: "string", value: "PATH", required: true, description: "the CSV file (UTF-8)" },
  },
  async run(ctx, flags) {
    let csv: string;
    try {
      csv = await readFile(String(flags.file), "utf8");
    } catch (error) {
      throw new ApiError("VALIDATION_ERROR", `file: cannot read ${String(flags.file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, {
        field: "file",
      });
    }
    const result = await importHolidayYear(ctx, { year: flags.year, csv });
    return { json: result, text: `${result.year}: ${result.imported} holidays imported (${result.removed} replaced).` };
  },
});
