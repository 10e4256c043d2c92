import { normaliseCsvHeader } from "@/lib/contract/csv";
import { emptyRunCsvCells, REQUIRED_RUN_CSV_COLUMNS, RUN_CSV_COLUMNS, type TRunCsvCells, type TRunCsvColumn } from "@/lib/contract/payment-runs/csv-columns";
import { MAX_RUN_ITEMS } from "@/lib/contract/payment-runs/schema";

/** `line`: where the row starts in the file (the header is line 1), as an editor or a spreadsheet shows it. */
export type TRunCsvRow = { line: number; cells: TRunCsvCells; parseErrors: string[] };
/** `column` null: the problem is the row's as a whole (a malformed line). */
export type TRunCsvIssue = { column: TRunCsvColumn | null; code: string; message: string };

const HEADER_INDEX = new Map(RUN_CSV_COLUMNS.map((c) => [normaliseCsvHeader(c), c]));

const newlinesIn = (cells: readonly string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * A run's CSV file read record by record, as papaparse's `step` hands them
 * over: from a whole text in the browser, or from the request body as it
 * streams in on the server, so a 10,000-row file is never held twice (the
 * text, then every record) while it is read. The first non-blank record is the
 * header; each later one becomes a row, handed to `onRow` at once and not kept
 * here. A row's line is where it starts: one per record before it, plus the
 * line breaks inside their cells. Rows past the limit are counted only.
 */
export class RunCsvRecords {
  private line = 1;
  private header: string[] | null = null;
  private columnAt: Array<TRunCsvColumn | null> = [];
  private rows = 0;
  private readonly errors: string[] = [];

  constructor(private readonly onRow: (row: TRunCsvRow) => void) {}

  /** One record: its cells, and whether its quoting broke. */
  add(data: string[], broken: boolean): void {
    // Blank lines of another line ending than the one papaparse settled on arrive at the start of the next record.
    const line = this.line + (/^\s*/.exec(data[0] ?? "")![0].match(/\n/g)?.length ?? 0);
    this.line += 1 + newlinesIn(data);
    if (!data.some((cell) => cell.trim() !== "")) return;
    if (this.header === null) return this.readHeader(data);
    this.rows += 1;
    if (this.rows > MAX_RUN_ITEMS) return;
    const cells = emptyRunCsvCells();
    this.columnAt.forEach((column, j) => {
      if (column) cells[column] = data[j] ?? "";
    });
    const parseErrors: string[] = [];
    if (broken) parseErrors.push("has a quote that is not closed or is misplaced");
    else if (data.length !== this.header.length) parseErrors.push(`has ${data.length} fields; the header has ${this.header.length}`);
    this.onRow({ line, cells, parseErrors });
  }

  private readHeader(cells: string[]): void {
    this.header = cells;
    this.columnAt = cells.map((h) => HEADER_INDEX.get(normaliseCsvHeader(h)) ?? null);
    const unknown = cells.filter((h, i) => this.columnAt[i] === null && h.trim() !== "");
    if (unknown.length > 0)
      this.errors.push(`Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}: use the template's column names.`);
    const seen = new Set<TRunCsvColumn>();
    for (const column of this.columnAt) {
      if (column && seen.has(column)) this.errors.push(`Column "${column}" appears twice.`);
      if (column) seen.add(column);
    }
    const missing = REQUIRED_RUN_CSV_COLUMNS.filter((c) => !seen.has(c));
    if (missing.length > 0) this.errors.push(`The file has no ${missing.map((c) => `"${c}"`).join(", ")} column${missing.length > 1 ? "s" : ""}.`);
  }

  /** The file's columns, in its order. */
  get columns(): TRunCsvColumn[] {
    return this.columnAt.filter((c): c is TRunCsvColumn => c !== null);
  }

  /** Problems of the file as a whole (columns, no rows, too many), once every record is in. */
  get fileErrors(): string[] {
    const errors = [...this.errors];
    if (this.rows === 0) errors.push("The file has no payments under its header.");
    if (this.rows > MAX_RUN_ITEMS) {
      errors.push(`The file has ${this.rows.toLocaleString("en-US")} payments; one run takes at most ${MAX_RUN_ITEMS.toLocaleString("en-US")}.`);
    }
    return errors;
  }
}

/**
 * Instruction ids are the payer's end-to-end references: two rows of one rail
 * with one id in a file are a mistake (decisions §11; the rule of the JSON body,
 * `duplicateInstructionIssues`), reported on the later row with the earlier line.
 */
export class RunCsvInstructionIds {
  private readonly first = new Map<string, number>();

  see(row: Pick<TRunCsvRow, "line" | "cells">): TRunCsvIssue | null {
    const id = row.cells.instructionIdentification.trim();
    if (id === "") return null;
    const key = `${row.cells.rail.trim().toUpperCase()}\u0000${id}`;
    const earlier = this.first.get(key);
    if (earlier === undefined) this.first.set(key, row.line);
    return earlier === undefined ? null : { column: "instructionIdentification", code: "DUPLICATE", message: `repeats the instruction id of line ${earlier}` };
  }
}
