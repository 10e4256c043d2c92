import { z } from "zod";
import { envelopeOf, ZAccountNumber, ZCurrency, ZMoney } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";

/** Spec §2.1-2.2. Identifiers are strings: numbers would lose leading zeros and precision. */

export const ZOwner = z.object({
  displayName: z.string(),
  accountHolderType: z.enum(["Primary", "Joint"]),
});

export const ZAccountRouting = z.object({ scheme: z.string().meta({ example: "AccountNumber" }), address: z.string() });

export const ZAccountAttribute = z.object({ name: z.string(), value: z.union([z.string(), z.number()]) });

/** An account's status as the core banking system spells it: both spellings of an open account are in use (spec §2.1). */
export const ACCOUNT_STATUSES = ["Active", "ACTIVE", "INACTIVE"] as const;
export const ACTIVE_ACCOUNT_STATUSES: readonly string[] = ["Active", "ACTIVE"];

/** The one test of "this account is open": it may pay, be credited and receive deposits. */
export function isActiveStatus(status: string): boolean {
  return ACTIVE_ACCOUNT_STATUSES.includes(status);
}

export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);

export const ZAccountSummary = z
  .object({
    accountId: z.string(),
    cif: z.string(),
    currency: ZCurrency,
    accountSubType: z.string(),
    accountNumber: z.string(),
    status: ZAccountStatus,
    availableBalance: ZMoney,
    accountType: z.string().nullable(),
    nickname: z.string().nullable(),
    owners: z.array(ZOwner),
    accountAttributes: z.array(ZAccountAttribute),
  })
  .meta({ id: "AccountSummary" });

export const ZAccount = ZAccountSummary.extend({
  openingDate: z.string().meta({ description: "ISO 8601 date-time with offset" }),
  balanceEffectiveDate: z.string().meta({ description: "ISO 8601 date-time with offset" }),
  accountRoutings: z.array(ZAccountRouting),
}).meta({ id: "Account" });

export const ZAccountList = envelopeOf(ZAccountSummary).meta({ id: "AccountList" });

export const ZAccountParams = z.strictObject({ accountNumber: ZAccountNumber });

export const ZAccountListQuery = paginationQuery().strict();

export type TAccount = z.infer<typeof ZAccount>;
export type TAccountSummary = z.infer<typeof ZAccountSummary>;
export type TAccountList = z.infer<typeof ZAccountList>;
