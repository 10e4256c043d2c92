import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { formatAmount } from "@/lib/contract/money";
import { raiseEvent } from "@/lib/server/domain/events/raise";
import type { PaymentRow } from "@/lib/server/domain/payments/repo";
import type { TPaymentStatus } from "@/lib/contract/payments/schema";
import type { TReturnReason } from "@/lib/contract/payments/returns";

/** A payment's events, raised by its one status move (lifecycle.ts) in the move's transaction. */

function paymentRef(row: PaymentRow) {
  return {
    paymentId: row.payment_id,
    rail: row.rail,
    instructionIdentification: row.instruction_identification,
    debtorAccount: row.debtor_account_number,
    debitAmount: { currency: row.debit_currency, amount: formatAmount(BigInt(row.debit_minor), row.debit_currency) },
  };
}

export async function raisePaymentStatusChanged(
  tx: Queryable,
  row: PaymentRow,
  move: { from: TPaymentStatus; to: TPaymentStatus; returnReason: TReturnReason | null },
  at: Date | null = null,
): Promise<void> {
  await raiseEvent(
    { db: tx, actor: { clientId: row.client_id }, now: at ?? undefined },
    { topic: "PaymentStatusChanged", data: { ...paymentRef(row), ...move } },
  );
}
export async function raisePaymentReturned(
  tx: Queryable,
  row: PaymentRow,
  returned: { returnReason: TReturnReason; creditedBackMinor: bigint },
  at: Date | null = null,
): Promise<void> {
  await raiseEvent(
    { db: tx, actor: { clientId: row.client_id }, now: at ?? undefined },
    {
      topic: "PaymentReturned",
      data: {
        ...paymentRef(row),
        returnReason: returned.returnReason,
        creditedBack: { currency: row.debit_currency, amount: formatAmount(returned.creditedBackMinor, row.debit_currency) },
      },
    },
  );
}
