import "server-only";
import { formatAmount } from "@/lib/contract/money";
import type { NewPayment, PaymentRow } from "@/lib/server/domain/payments/repo";
import type { TPaymentResponse, TPaymentStatusRecord } from "@/lib/contract/payments/schema";

/** Explicit field-by-field mapping: a new column never leaks into a response. */

function money(minor: string, currency: string) {
  return { currency, amount: formatAmount(BigInt(minor), currency) };
}

export function toPaymentResponse(row: NewPayment): TPaymentResponse {
  const d = row.details;
  const debit = money(row.debit_minor, row.debit_currency);
  const credit = money(row.credit_minor, row.credit_currency);
  const charges = money(row.charge_minor, row.debit_currency);
  const creditor = {
    schemeName: d.creditorAccount.schemeName,
    identification: d.creditorAccount.identification,
    name: d.creditorAccount.name,
  };
  const linkedActivities: TPaymentResponse["linkedActivities"] = [];
  if (row.exchange_rate !== null) {
    linkedActivities.push({
      type: "FxConversion",
      description: `Converted ${debit.currency} to ${credit.currency} at ${row.exchange_rate}`,
      amount: debit,
      convertedAmount: credit,
      exchangeRate: row.exchange_rate,
    });
  }
  if (BigInt(row.charge_minor) > 0n) {
    linkedActivities.push({
      type: "Charge",
      description: `SWIFT ${row.charges_type} charge`,
      amount: charges,
      convertedAmount: null,
      exchangeRate: null,
    });
  }
  return {
    id: row.payment_id,
    status: row.status === "Failed" ? "failed" : "success",
    transactionStatus: row.status,
    uniqueIdentifier: row.unique_identifier,
    details: {
      extReference: row.instruction_identification,
      instructedAmount: credit,
      debtorAccount: { schemeName: "AccountNumber", identification: row.debtor_account_number, name: null },
      beneficiaryAccount: creditor,
      creditorAccount: Object.assign({}, creditor, { additionalInformation: d.creditorAccount.additionalInformation }),
      settlementDetails: { settlementDate: row.settlement_date, rail: row.rail, debitAmount: debit, creditAmount: credit },
      chargeDetails: { chargesType: row.charges_type, charges },
      remittanceInformation: row.remittance_information,
      beneficiary: { name: d.creditorAccount.name },
      beneficiaryAgent: d.beneficiaryAgent,
      intermediaryAgent: d.intermediaryAgent,
      failureReason: d.failureReason,
    },
    linkedActivities,
  };
}

export function toPaymentStatusRecord(row: PaymentRow): TPaymentStatusRecord {
  return {
    type: row.rail,
    status: row.status,
    transactionId: row.payment_id,
    externalReference: row.instruction_identification,
    remittanceInformation: row.remittance_information,
    debitAmount: money(row.debit_minor, row.debit_currency),
    creditAmount: money(row.credit_minor, row.credit_currency),
    valueDate: row.settlement_date,
    exchangeRate: row.exchange_rate,
    ...(row.details.returnReason ? { returnReason: row.details.returnReason } : {}),
    ...(row.execution_date ? { executionDate: row.execution_date } : {}),
    ...(row.standing_order_id ? { standingOrderId: row.standing_order_id } : {}),
  };
}
