import type { TRail } from "@/lib/contract/payments/schema";

/**
 * The columns of a payment run's CSV file (docs/payment-runs.md, "CSV columns"):
 * one row per payment, each rail's request body laid out flat. The template
 * (public/templates/harbour-payment-run.csv) has them in this order; headers are
 * matched loosely (`Creditor Name`, `creditor_name` and `creditorName` are one).
 */
export const RUN_CSV_COLUMNS = [
  "rail",
  "instructionIdentification",
  "debtorAccount",
  "amount",
  "currency",
  "debitAmount",
  "debitCurrency",
  "counterpartyId",
  "creditorAccount",
  "creditorName",
  "creditorAddress1",
  "creditorAddress2",
  "creditorAddress3",
  "creditorAddress4",
  "bankCode",
  "creditorAgentBic",
  "creditorAgentName",
  "creditorAgentAddress1",
  "creditorAgentAddress2",
  "intermediaryAgentBic",
  "chargesType",
  "remittance1",
  "remittance2",
  "remittance3",
  "remittance4",
  "requestedExecutionDate",
] as const;

export type TRunCsvColumn = (typeof RUN_CSV_COLUMNS)[number];
export type TRunCsvCells = Record<TRunCsvColumn, string>;

/** A file without these cannot describe any payment; the others may be left out when no row needs them. */
export const REQUIRED_RUN_CSV_COLUMNS: readonly TRunCsvColumn[] = ["rail", "debtorAccount", "amount", "currency", "creditorAccount"];

/** The words a person reads in an error (`line 5: creditor name`) and in the portal's table header. */
export const RUN_CSV_LABELS: Record<TRunCsvColumn, string> = {
  rail: "rail",
  instructionIdentification: "instruction id",
  debtorAccount: "debit account",
  amount: "amount",
  currency: "currency",
  debitAmount: "debit amount",
  debitCurrency: "debit currency",
  counterpartyId: "payee",
  creditorAccount: "creditor account",
  creditorName: "creditor name",
  creditorAddress1: "creditor address line 1",
  creditorAddress2: "creditor address line 2",
  creditorAddress3: "creditor address line 3",
  creditorAddress4: "creditor address line 4",
  bankCode: "bank code",
  creditorAgentBic: "creditor bank BIC",
  creditorAgentName: "creditor bank name",
  creditorAgentAddress1: "creditor bank address line 1",
  creditorAgentAddress2: "creditor bank address line 2",
  intermediaryAgentBic: "intermediary bank BIC",
  chargesType: "charges",
  remittance1: "remittance line 1",
  remittance2: "remittance line 2",
  remittance3: "remittance line 3",
  remittance4: "remittance line 4",
  requestedExecutionDate: "execution date",
};

const COMMON: readonly TRunCsvColumn[] = [
  "rail",
  "instructionIdentification",
  "debtorAccount",
  "amount",
  "currency",
  "creditorAccount",
  "requestedExecutionDate",
];
const CREDITOR: readonly TRunCsvColumn[] = ["counterpartyId", "creditorName", "creditorAddress1", "creditorAddress2", "creditorAddress3", "creditorAddress4"];

/**
 * The columns each rail reads. A filled cell of another rail's column is an
 * error on its row (an INTERNAL row with a BIC is a mistake, not something to
 * drop silently). ACH takes two remittance lines, the others four.
 */
export const RAIL_RUN_CSV_COLUMNS: Record<TRail, ReadonlySet<TRunCsvColumn>> = {
  ACH: new Set([...COMMON, ...CREDITOR, "bankCode", "remittance1", "remittance2"]),
  SWIFT: new Set([
    ...COMMON,
    ...CREDITOR,
    "debitAmount",
    "debitCurrency",
    "creditorAgentBic",
    "creditorAgentName",
    "creditorAgentAddress1",
    "creditorAgentAddress2",
    "intermediaryAgentBic",
    "chargesType",
    "remittance1",
    "remittance2",
    "remittance3",
    "remittance4",
  ]),
  INTERNAL: new Set([...COMMON, "remittance1", "remittance2", "remittance3", "remittance4"]),
};

export function emptyRunCsvCells(): TRunCsvCells {
  return Object.fromEntries(RUN_CSV_COLUMNS.map((c) => [c, ""])) as TRunCsvCells;
}

const numbered = (prefix: string, path: ReadonlyArray<PropertyKey>, at: number): TRunCsvColumn | null => {
  const index = typeof path[at] === "number" ? path[at] : 0;
  const column = `${prefix}${index + 1}`;
  return (RUN_CSV_COLUMNS as readonly string[]).includes(column) ? (column as TRunCsvColumn) : null;
};

/** The column that holds the field a schema issue names (`creditorAccount.name` -> creditorName), or null for the row as a whole. */
export function runCsvColumnOfPath(path: ReadonlyArray<PropertyKey>): TRunCsvColumn | null {
  const [head, field] = path.map((p) => (typeof p === "number" ? p : String(p)));
  switch (head) {
    case "rail":
    case "instructionIdentification":
    case "requestedExecutionDate":
    case "chargesType":
    case "counterpartyId":
      return head;
    case "debtorAccount":
      return "debtorAccount";
    case "debitCurrency":
      return "currency";
    case "instructedAmount":
      return field === "currency" ? "currency" : "amount";
    case "debitAmount":
      return field === "currency" ? "debitCurrency" : "debitAmount";
    case "creditorBank":
      return field === "currency" ? "currency" : "bankCode";
    case "creditorAccount":
      if (field === undefined) return "creditorAccount";
      if (field === "name") return "creditorName";
      if (field === "additionalInformation") return numbered("creditorAddress", path, 2);
      return "creditorAccount";
    case "creditorAgent":
      if (field === "name") return "creditorAgentName";
      if (field === "additionalInformation") return numbered("creditorAgentAddress", path, 2);
      return "creditorAgentBic";
    case "intermediaryAgent":
      return "intermediaryAgentBic";
    case "remittanceInformation":
      return numbered("remittance", path, 1);
    default:
      return null;
  }
}
