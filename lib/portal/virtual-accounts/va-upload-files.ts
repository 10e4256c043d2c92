import Papa from "papaparse";
import { saveBlob } from "@/lib/portal/shared/download";
import { UPLOAD_COLUMNS, type RowCells } from "@/lib/portal/virtual-accounts/va-upload-columns";

/**
 * The files the upload dialog offers: a template to fill in, and the job's
 * results beside the upload's own line numbers. Browser-safe: papaparse only.
 */

const TEMPLATE_ROWS: Array<Partial<RowCells>> = [
  {
    accountHolderType: "Individual",
    currency: "USD",
    accountHolderName: "Jane Tucker",
    accountName: "Tucker Tenancy Deposit",
    clientReference: "TENANT-0001",
    countryOfResidence: "BM",
    dob: "1984-05-17",
    nationality: "BM",
  },
  {
    accountHolderType: "Business",
    currency: "USD",
    accountHolderName: "Island Freight Ltd.",
    accountName: "Island Freight Collections",
    clientReference: "CUST-0002",
    taxIdentificationNumber: "BM-55-1234",
    addressLine1: "12 Front Street",
    city: "Hamilton",
    postalCode: "HM 11",
    addressCountry: "BM",
    dateOfIncorporation: "2009-03-02",
    countryOfIncorporation: "BM",
  },
  { accountHolderType: "Individual", currency: "BMD", unallocated: "true", clientReference: "POOL-17" },
];

/** Cells starting with these could run as formulas in a spreadsheet (same rule as the API's CSV). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const escapeFormulae = (value: string) => (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value);

function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return Papa.unparse({ fields: [...header], data: rows.map((r) => r.map(escapeFormulae)) }, { newline: "\r\n" });
}

export function templateCsv(): string {
  return `${toCsv(
    UPLOAD_COLUMNS,
    TEMPLATE_ROWS.map((r) => UPLOAD_COLUMNS.map((c) => r[c] ?? "")),
  )}\r\n`;
}

/** The template as a download; the BOM makes a spreadsheet read it as UTF-8. */
export function saveTemplate(): void {
  saveBlob(new Blob(["\ufeff", templateCsv()], { type: "text/csv;charset=utf-8" }), "harbour-virtual-accounts-template.csv");
}

export type JobResultRow = {
  index: number;
  status: "Created" | "Failed";
  virtualAccountNumber: string | null;
  clientReference: string | null;
  error: { code: string; message: string } | null;
};

/** The results as a file: the row of the upload beside each created number, so it can be matched back. */
export function resultsCsv(results: readonly JobResultRow[], lines?: readonly number[]): string {
  const header = ["index", "line", "status", "virtualAccountNumber", "clientReference", "errorCode", "errorMessage"];
  const rows = results.map((r) => [
    String(r.index),
    lines?.[r.index] !== undefined ? String(lines[r.index]) : "",
    r.status,
    r.virtualAccountNumber ?? "",
    r.clientReference ?? "",
    r.error?.code ?? "",
    r.error?.message ?? "",
  ]);
  return `${toCsv(header, rows)}\r\n`;
}
