import { z } from "zod";

/**
 * Why a payment came back (decisions §11 "returns"): ISO 20022 ExternalReturnReason1Code, the
 * codes a receiving bank returns ACH and SWIFT credit transfers with. Descriptions are the
 * ISO code set's names. Browser-safe: the portal shows the description beside the code.
 */
export const RETURN_REASONS = {
  AC01: "Incorrect account number",
  AC03: "Invalid creditor account number",
  AC04: "Closed account number",
  AC06: "Blocked account",
  AG01: "Transaction forbidden on this type of account",
  AG02: "Invalid bank operation code",
  AM04: "Insufficient funds",
  AM05: "Duplication",
  AM09: "Wrong amount",
  BE04: "Missing creditor address",
  BE05: "Unrecognised initiating party",
  CUST: "Requested by customer",
  FOCR: "Following cancellation request",
  MD07: "End customer deceased",
  MS02: "Not specified reason, customer generated",
  MS03: "Not specified reason, agent generated",
  NARR: "Narrative",
  RC01: "Bank identifier incorrect",
  RR01: "Missing debtor account or identification",
  RR02: "Missing debtor name or address",
  RR03: "Missing creditor name or address",
  RR04: "Regulatory reason",
} as const;

export type TReturnReasonCode = keyof typeof RETURN_REASONS;
const CODES = Object.keys(RETURN_REASONS) as [TReturnReasonCode, ...TReturnReasonCode[]];

export const ZReturnReasonCode = z.enum(CODES, `reasonCode must be an ISO 20022 return reason: ${CODES.join(", ")}`);

export const ZReturnReason = z
  .object({ code: ZReturnReasonCode, description: z.string() })
  .meta({ id: "ReturnReason", description: "ISO 20022 ExternalReturnReason1Code and its name" });

export type TReturnReason = z.infer<typeof ZReturnReason>;
export function returnReasonOf(code: TReturnReasonCode): TReturnReason {
  return { code, description: RETURN_REASONS[code] };
}

export const ZReturnPaymentRequest = z.strictObject({ reasonCode: ZReturnReasonCode }).meta({ id: "ReturnPaymentRequest" });
