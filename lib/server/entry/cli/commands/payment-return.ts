import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { returnPaymentAsOperator } from "@/lib/server/domain/payments/returns";

export default defineCommand({
  name: "payment return",
  summary: "Record a Completed ACH or SWIFT payment returned by the beneficiary's bank: Reversed, funds credited back, PaymentReturned raised",
  flags: {
    id: { type: "string", value: "ID", required: true, description: "the payment id" },
    reason: { type: "string", value: "CODE", required: true, description: "ISO 20022 return reason, e.g. AC01, AC04, AM05, MS03" },
  },
  async run(ctx, flags) {
    const record = await returnPaymentAsOperator(ctx, { paymentId: flags.id, reasonCode: flags.reason });
    return {
      json: record,
      text: `Payment ${record.transactionId} of ${record.clientId} is ${record.status}: ${record.returnReason?.code} ${record.returnReason?.description}.`,
    };
  },
});
