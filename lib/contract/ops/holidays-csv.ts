import Papa from "papaparse";
import { ZHolidayName, ZLocalDate } from "@/lib/contract/ops/schema";

/**
 * A year of bank holidays as CSV (docs/operations.md): a header `date,name`, then one
 * holiday a line, `YYYY-MM-DD` in bank time. The file is taken whole or not at all: any
 * bad line refuses it, and every bad line is named by its number (the header is line 1).
 */
export type HolidayRow = { date: string; name: string };
export type CsvProblem = { line: number; message: string };

const HEADER = ["date", "name"];

export function parseHolidayCsv(text: string, year: number): { holidays: HolidayRow[]; problems: CsvProblem[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ""), { skipEmptyLines: false });
  const problems: CsvProblem[] = [];
  const holidays: HolidayRow[] = [];
  const seen = new Map<string, number>();
  const rows = parsed.data;
  // A trailing newline leaves one empty row at the end; blank lines elsewhere are skipped too.
  const header = rows[0]?.map((cell) => cell.trim().toLowerCase());
  if (!header || header.length !== 2 || header[0] !== HEADER[0] || header[1] !== HEADER[1]) {
    problems.push({ line: 1, message: `the first line must be the header "date,name"` });
    return { holidays, problems };
  }
  for (const error of parsed.errors) {
    if (error.type === "Quotes") problems.push({ line: (error.row ?? 0) + 1, message: `unbalanced quotes: ${error.message}` });
  }
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2;
    if (cells.length === 1 && cells[0]!.trim() === "") return;
    if (cells.length !== 2) {
      problems.push({ line, message: `expected 2 fields (date,name), found ${cells.length}` });
      return;
    }
    const date = ZLocalDate.safeParse(cells[0]!.trim());
    const name = ZHolidayName.safeParse(cells[1]);
    if (!date.success) problems.push({ line, message: `${date.error.issues[0]!.message} (got "${cells[0]}")` });
    else if (!date.data.startsWith(`${year}-`)) problems.push({ line, message: `date ${date.data} is not in ${year}` });
    else if (seen.has(date.data)) problems.push({ line, message: `date ${date.data} is already on line ${seen.get(date.data)}` });
    if (!name.success) problems.push({ line, message: name.error.issues[0]!.message });
    if (date.success && name.success && date.data.startsWith(`${year}-`) && !seen.has(date.data)) {
      seen.set(date.data, line);
      holidays.push({ date: date.data, name: name.data });
    }
  });
  if (problems.length === 0 && holidays.length === 0) problems.push({ line: 2, message: `the file lists no holidays for ${year}` });
  problems.sort((a, b) => a.line - b.line);
  return { holidays, problems };
}
