import type { TVirtualAccountItemV2 } from "@/lib/contract/virtual-accounts/schema";

/**
 * The upload file's columns: the v2 batch item's fields laid out flat, one
 * column each, with their labels. Shared by the checks (va-upload.ts), the
 * template and results files (va-upload-files.ts) and the dialog.
 */

/** The template's columns, flat: the nested v2 blocks are spread over named columns. */
export const UPLOAD_COLUMNS = [
  "accountHolderType",
  "currency",
  "unallocated",
  "accountHolderName",
  "accountName",
  "clientReference",
  "taxIdentificationNumber",
  "countryOfResidence",
  "dob",
  "nationality",
  "nativeLanguageName",
  "addressLine1",
  "addressLine2",
  "city",
  "postalCode",
  "addressCountry",
  "dateOfIncorporation",
  "countryOfIncorporation",
] as const;

export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
export type HolderType = "Individual" | "Business";
export type RowCells = Record<UploadColumn, string>;
/** `row` holds what belongs to no single column (a malformed CSV line). */
export type CellKey = UploadColumn | "row";
export type RowErrors = Partial<Record<CellKey, string[]>>;

export type UploadRow = {
  /** Line in the file (the header is line 1), as a spreadsheet shows it. */
  line: number;
  cells: RowCells;
  /** Problems of the CSV line itself (field count), kept across edits of its cells. */
  parseErrors: string[];
};

export type RowCheck = { item: TVirtualAccountItemV2 | null; errors: RowErrors };

/** `columns`: the template columns the file has, in its order. */
export type ParsedUpload = { columns: UploadColumn[]; rows: UploadRow[]; fileErrors: string[] };

/** Short human labels for the table header and error messages. */
export const COLUMN_LABELS: Record<UploadColumn, string> = {
  accountHolderType: "Holder type",
  currency: "Currency",
  unallocated: "Unallocated",
  accountHolderName: "Holder name",
  accountName: "Account name",
  clientReference: "Client reference",
  taxIdentificationNumber: "Tax ID",
  countryOfResidence: "Residence",
  dob: "Date of birth",
  nationality: "Nationality",
  nativeLanguageName: "Native-language name",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  city: "City",
  postalCode: "Postal code",
  addressCountry: "Address country",
  dateOfIncorporation: "Incorporated",
  countryOfIncorporation: "Country of incorporation",
};

export function emptyCells(): RowCells {
  return Object.fromEntries(UPLOAD_COLUMNS.map((c) => [c, ""])) as RowCells;
}

/** `Business`, `business`, ` BUSINESS ` are one holder type; empty is the API's default, Individual. */
export function holderTypeOf(cells: RowCells): HolderType | null {
  const text = cells.accountHolderType.trim().toLowerCase();
  if (text === "" || text === "individual") return "Individual";
  if (text === "business") return "Business";
  return null;
}
