import { csvLine } from "@/lib/contract/csv";
import { emptyRunCsvCells, RUN_CSV_COLUMNS, type TRunCsvCells } from "@/lib/contract/payment-runs/csv-columns";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";

/**
 * A run's items back in the CSV's columns (docs/payment-runs-csv.md): the
 * inverse of the row mapping in csv.ts, so items from JSON or pain.001 can be
 * shown, reviewed and downloaded as the same rows a CSV file has.
 */

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

function fillLines(cells: TRunCsvCells, prefix: string, lines: readonly string[] | string | null | undefined, max: number): void {
  const list = typeof lines === "string" ? [lines] : (lines ?? []);
  list.slice(0, max).forEach((line, i) => {
    cells[`${prefix}${i + 1}` as keyof TRunCsvCells] = line;
  });
}

export function runItemToCells(item: TPaymentRunItem): TRunCsvCells {
  const cells = emptyRunCsvCells();
  const { request } = item;
  cells.rail = item.rail;
  cells.instructionIdentification = text(request.instructionIdentification);
  cells.requestedExecutionDate = text(request.requestedExecutionDate);
  cells.debtorAccount = request.debtorAccount.identification;
  cells.amount = text(request.instructedAmount.amount);
  cells.currency = request.instructedAmount.currency;
  cells.creditorAccount = text(request.creditorAccount?.identification);
  fillLines(cells, "remittance", request.remittanceInformation, 4);
  if (item.rail === "INTERNAL") return cells;
  cells.counterpartyId = text(item.request.counterpartyId);
  cells.creditorName = text(item.request.creditorAccount?.name);
  fillLines(cells, "creditorAddress", item.request.creditorAccount?.additionalInformation, 4);
  if (item.rail === "ACH") {
    cells.bankCode = text(item.request.creditorBank?.bankCode);
    return cells;
  }
  const { debitAmount, creditorAgent, intermediaryAgent, chargesType } = item.request;
  cells.debitAmount = text(debitAmount?.amount);
  cells.debitCurrency = text(debitAmount?.currency);
  cells.creditorAgentBic = text(creditorAgent?.identification);
  cells.creditorAgentName = text(creditorAgent?.name);
  fillLines(cells, "creditorAgentAddress", creditorAgent?.additionalInformation, 2);
  cells.intermediaryAgentBic = text(intermediaryAgent?.identification);
  cells.chargesType = chargesType;
  return cells;
}

/** The items as a CSV file in the template's columns (CRLF, formula cells guarded), readable back by `runCsvToItems`. */
export function runItemsToCsv(items: readonly TPaymentRunItem[]): string {
  let out = csvLine(RUN_CSV_COLUMNS);
  for (const item of items) {
    const cells = runItemToCells(item);
    out += csvLine(RUN_CSV_COLUMNS.map((c) => cells[c]));
  }
  return out;
}
