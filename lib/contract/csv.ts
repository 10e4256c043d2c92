/**
 * CSV representation of a JSON response (decisions §4, service spec §1.3): the
 * whole body becomes one header row and one data row, so a client can load any
 * response into a spreadsheet without knowing its shape in advance.
 */

const CRLF = "\r\n";

/**
 * Spreadsheets evaluate a cell starting with one of these as a formula (CSV
 * injection). Account nicknames, owner names and references are client
 * supplied, so every cell, header cells included, goes through this check.
 */
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Negative balances like `-12.50` are data, and must stay numeric in a spreadsheet. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Characters that force RFC 4180 quoting of a field. */
const NEEDS_QUOTING = /[",\r\n]/;

/**
 * Converts a JSON key to snake_case. Acronym runs stay together
 * (`accountIBAN` -> `account_iban`, `HTTPStatus` -> `http_status`), digits stay
 * attached to the word they follow (`addressLine1` -> `address_line1`), and keys
 * that are already snake_case pass through unchanged.
 */
export function toSnakeCase(key: string): string {
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/**
 * An upload's header cell as a key: `Account Holder Name`, `account_holder_name`
 * and `accountHolderName` name one column (people type headers by hand).
 */
export function normaliseCsvHeader(text: string): string {
  return text
    .replace(/^\ufeff/, "")
    .replace(/[\s_-]+/g, "")
    .toLowerCase();
}

/**
 * Flattens a JSON-like value into `[column, cell]` pairs in document order.
 *
 * Path segments are snake_cased keys and array indexes joined with `_`
 * (`owners[0].displayName` -> `owners_0_display_name`). Cells are unescaped
 * text; escaping for CSV happens in `flattenToCsv`.
 *
 * A top-level scalar has no path to name it, so it becomes a single `value`
 * column. Values with a `toJSON` method (Date) are flattened as JSON would
 * serialise them, so CSV and JSON show the same text. Non-finite numbers are
 * empty cells because JSON renders them as null.
 */
export function flattenRecord(value: unknown): Array<[column: string, cell: string]> {
  const out: Array<[string, string]> = [];
  const seen = new WeakSet<object>();

  const visit = (node: unknown, path: string[]): void => {
    const current = toJsonValue(node);
    if (current !== null && typeof current === "object") {
      // A cycle would otherwise recurse until the stack overflows.
      if (seen.has(current)) throw new TypeError("Cannot convert a circular structure to CSV");
      seen.add(current);
      if (Array.isArray(current)) {
        current.forEach((item, index) => visit(item, [...path, String(index)]));
      } else {
        for (const [key, child] of Object.entries(current)) {
          if (typeof child === "function" || typeof child === "symbol") continue;
          visit(child, [...path, toSnakeCase(key)]);
        }
      }
      seen.delete(current);
      return;
    }
    out.push([path.length === 0 ? "value" : path.join("_"), scalarCell(current)]);
  };

  visit(value, []);
  return out;
}

/**
 * Renders a response body as `text/csv`: header row, data row, each ended by
 * CRLF as RFC 4180 prescribes.
 */
export function flattenToCsv(value: unknown): string {
  const pairs = flattenRecord(value);
  const header = pairs.map(([column]) => escapeCell(column)).join(",");
  const data = pairs.map(([, cell]) => escapeCell(cell)).join(",");
  return header + CRLF + data + CRLF;
}

/**
 * One CSV line of cells already in column order (a null is an empty cell),
 * quoted and guarded exactly as `flattenToCsv` does: for files of many rows
 * with fixed columns (statements), where flattening and naming every row's
 * columns again would be the bulk of the work.
 */
export function csvLine(cells: ReadonlyArray<string | null>): string {
  return cells.map((cell) => escapeCell(cell ?? "")).join(",") + CRLF;
}

function toJsonValue(node: unknown): unknown {
  if (node !== null && typeof node === "object" && "toJSON" in node && typeof node.toJSON === "function") {
    return (node.toJSON as () => unknown)();
  }
  return node;
}

function scalarCell(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return Number.isFinite(value) ? String(value) : "";
    case "bigint":
      return value.toString();
    default:
      // null, undefined, and anything JSON cannot represent.
      return "";
  }
}

function escapeCell(raw: string): string {
  let cell = raw;
  const first = cell.charAt(0);
  if (FORMULA_TRIGGERS.has(first) && !PLAIN_NUMBER.test(cell)) cell = `'${cell}`;
  return NEEDS_QUOTING.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
