import { z } from "zod";
import { ZAccountNumber, ZCurrency, ZMoney } from "@/lib/contract/api/schemas";

/** `POST /v1/sandbox/deposits` (decisions §8). Browser-safe: zod only. */

export const ZCreateDeposit = z.strictObject({
  accountNumber: ZAccountNumber,
  amount: z.union([z.string(), z.number()]).meta({ description: "Decimal, more than zero, at most the currency's decimals", example: "125.00" }),
  currency: ZCurrency,
  transactionType: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[^\u0000-\u001f\u007f]+$/, "must not contain control characters")
    .optional(),
  transactionDetails: z
    .string()
    .max(140)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
    .optional(),
});

export const ZDeposit = z
  .object({
    transactionId: z.string(),
    accountNumber: z.string(),
    amount: z.string(),
    currency: ZCurrency,
    type: z.literal("Credit"),
    transactionType: z.string(),
    transactionDetails: z.string(),
    availableBalance: ZMoney,
    createdUtc: z.string(),
    notificationsQueued: z.number().int().meta({ description: "Webhook deliveries raised (one per active Deposits subscription)" }),
  })
  .meta({ id: "SandboxDeposit" });

export type TCreateDeposit = z.infer<typeof ZCreateDeposit>;
export type TDeposit = z.infer<typeof ZDeposit>;
