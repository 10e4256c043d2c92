import "server-only";
import { XMLBuilder } from "fast-xml-parser";
import type { TPaymentRunResult } from "@/lib/contract/payment-runs/schema";
import type { BatchRow, ResultRow } from "@/lib/server/domain/payment-runs/repo";

export const PAIN_002_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";

export function toRunResult(row: ResultRow): TPaymentRunResult {
  return {
    index: row.item_index,
    status: row.status!,
    paymentId: row.payment_id,
    transactionStatus: row.transaction_status,
    endToEndId: row.end_to_end_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : null,
  };
}

/**
 * ISO 20022 ExternalStatusReason1Code for an item that made no payment or a
 * failed one: AM04 insufficient funds, DUPL a duplicate instruction id, AC01 an
 * account that is not the payer's active one, RC01 an unknown bank code, AM03
 * a currency the account cannot pay in, AG01 a payment the payer may not make,
 * MS03 the bank's own transient refusal, NARR anything else (the text says why).
 */
export function reasonCode(code: string, message: string): string {
  if (code === "INSUFFICIENT_FUNDS") return "AM04";
  if (code.endsWith("_DUPLICATE_INSTRUCTION_ID")) return "DUPL";
  if (code === "BANK_REFERENCE_NOT_FOUND") return "RC01";
  if (code === "FORBIDDEN") return "AG01";
  if (code === "DEDUPE_LOCK_UNAVAILABLE" || code === "SERVICE_UNAVAILABLE") return "MS03";
  if (/must be one of your active accounts/.test(message)) return "AC01";
  if (/currency/i.test(message)) return "AM03";
  return "NARR";
}

/** Max35Text: a batch id without its hyphens (32 characters). */
const max35Id = (uuid: string) => uuid.replace(/-/g, "").toUpperCase();

function transactionStatus(row: ResultRow): "ACSP" | "ACCC" | "RJCT" {
  if (row.status !== "Created") return "RJCT";
  return row.transaction_status === "Completed" ? "ACCC" : "ACSP";
}

/** Group status (ExternalPaymentGroupStatus1Code): pending while the run runs, then every item accepted, none, or some. */
function groupStatus(batch: BatchRow): "PDNG" | "ACCP" | "RJCT" | "PART" {
  if (batch.processed_items < batch.total_items) return "PDNG";
  if (batch.created_items === batch.total_items) return "ACCP";
  return batch.created_items === 0 ? "RJCT" : "PART";
}

function transaction(row: ResultRow) {
  const status = transactionStatus(row);
  const code = row.status === "Failed" ? (row.error_code ?? "INSUFFICIENT_FUNDS") : row.error_code;
  return {
    OrgnlEndToEndId: row.end_to_end_id ?? "NOTPROVIDED",
    TxSts: status,
    ...(status === "RJCT" && code
      ? { StsRsnInf: { Rsn: { Cd: reasonCode(code, row.error_message ?? "") }, AddtlInf: (row.error_message ?? code).slice(0, 105) } }
      : {}),
    ...(row.unique_identifier ? { AcctSvcrRef: row.unique_identifier } : {}),
  };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true, suppressEmptyNode: true });

/**
 * The run's ISO 20022 pain.002.001.10 CustomerPaymentStatusReport: the group
 * status, then per original PmtInf (one for a JSON or CSV run) each
 * transaction's status with its reason. Built with fast-xml-parser's XMLBuilder,
 * which escapes every text; elements in the schema's order.
 */
export function pain002(batch: BatchRow, rows: readonly ResultRow[], now: Date): string {
  const blocks = new Map<string, ResultRow[]>();
  for (const row of rows) {
    const key = row.payment_info_id ?? max35Id(batch.batch_id);
    blocks.set(key, [...(blocks.get(key) ?? []), row]);
  }
  const document = {
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    Document: {
      "@xmlns": PAIN_002_NAMESPACE,
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: `STS${max35Id(batch.batch_id)}`, CreDtTm: now.toISOString(), DbtrAgt: { FinInstnId: { Nm: "Harbour Bank" } } },
        OrgnlGrpInfAndSts: {
          OrgnlMsgId: batch.message_id ?? max35Id(batch.batch_id),
          OrgnlMsgNmId: batch.format === "pain.001" ? "pain.001.001.09" : `harbour.${batch.format}`,
          OrgnlCreDtTm: batch.created_at.toISOString(),
          OrgnlNbOfTxs: String(batch.total_items),
          GrpSts: groupStatus(batch),
        },
        OrgnlPmtInfAndSts: [...blocks].map(([id, txs]) => ({ OrgnlPmtInfId: id, OrgnlNbOfTxs: String(txs.length), TxInfAndSts: txs.map(transaction) })),
      },
    },
  };
  return builder.build(document) as string;
}
