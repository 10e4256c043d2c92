import { z } from "zod";
import { ERROR_CODES } from "@/lib/contract/http/errors";

/** Building blocks shared by every domain's contract. Browser-safe: zod only. */

export const ZCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 code")
  .meta({ description: "ISO 4217 currency code", example: "USD" });

export const ZMoney = z
  .object({
    currency: ZCurrency,
    amount: z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .meta({ description: "Decimal amount in the currency's minor units", example: "1250.00" }),
  })
  .meta({ id: "Money" });

export const ZPagination = z
  .object({
    page_start: z.number().int(),
    page_size: z.number().int(),
    total_size: z.number().int(),
    page_token: z.string(),
  })
  .meta({ id: "Pagination" });

export function envelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ meta: z.object({ pagination: ZPagination }), data: z.array(item) });
}

export const ZErrorDetail = z.object({ field: z.string().nullable(), code: z.string(), message: z.string() });

export const ZErrorBody = z
  .object({
    error: z.string().meta({ example: "Not Found" }),
    message: z.string().meta({ example: "No account with that number." }),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    field: z.string().nullable(),
    details: z.array(ZErrorDetail).nullable(),
    correlationId: z.string(),
    retry_after: z.string().optional().meta({ description: "On 429 only: how long to wait" }),
    enrolmentRequired: z
      .boolean()
      .optional()
      .meta({ description: "On STEP_UP_REQUIRED only: true when the user has no second factor yet and must enrol one first" }),
  })
  .meta({ id: "Error" });

/** Query values arrive as text; `1..36` characters as spec §4.1 states for account numbers. */
export const ZAccountNumber = z
  .string()
  .min(1)
  .max(36)
  .regex(/^[^\u0000-\u001f\u007f]+$/, "must not contain control characters")
  .meta({ example: "1000123456" });
