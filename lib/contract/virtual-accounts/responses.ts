import { z } from "zod";
import { ZAccountStatus, ZOwner } from "@/lib/contract/accounts/schema";
import { envelopeOf, ZCurrency, ZMoney } from "@/lib/contract/api/schemas";
import { ZBusiness, ZHolderType, ZIndividual } from "@/lib/contract/virtual-accounts/schema";

/** Response contracts (spec §2.4-2.6, decisions §6). */

export const ZCategory = z.enum(["CMS Sub Acct", "CMS Settlement", "CMS Parent Cate"]);

/** The settlement and parent accounts as the detail embeds them (spec §2.4). */
export const ZLinkedAccount = z
  .object({
    accountNumber: z.string(),
    accountId: z.string(),
    cif: z.string(),
    currency: ZCurrency,
    accountSubType: z.string(),
    status: ZAccountStatus,
    availableBalance: ZMoney,
    owners: z.array(ZOwner),
  })
  .meta({ id: "LinkedAccount" });

export const ZVirtualAccount = z
  .object({
    virtualAccountNumber: z.string().meta({ example: "880000000017" }),
    bicCode: z.string(),
    bicCodeFx: z.string(),
    accountHolderName: z.string().meta({ description: "UNALLOCATED while unallocated" }),
    accountName: z.string().meta({ description: "UNALLOCATED while unallocated" }),
    currency: ZCurrency,
    balance: ZMoney,
    category: ZCategory,
    clientReference: z.string().nullable(),
    effectiveDate: z.string().meta({ description: "ISO 8601 with offset" }),
    createdAt: z.string().meta({ description: "ISO 8601 with offset" }),
    accountHolderType: ZHolderType.nullable(),
    dob: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
    nativeLanguageName: z.string().nullable(),
    taxIdentificationNumber: z.string().nullable(),
    countryOfResidence: z.string().nullable(),
    individual: ZIndividual.nullable(),
    business: ZBusiness.nullable(),
  })
  .meta({ id: "VirtualAccount" });

export const ZVirtualAccountDetail = ZVirtualAccount.extend({
  parentAccount: ZLinkedAccount.nullable(),
  settlementAccount: ZLinkedAccount.nullable(),
}).meta({ id: "VirtualAccountDetail" });

export const ZVirtualAccountResponse = z.object({ data: ZVirtualAccountDetail }).meta({ id: "VirtualAccountResponse" });

export const ZVirtualAccountList = envelopeOf(ZVirtualAccount).meta({ id: "VirtualAccountList" });

export const ZJobStatusValue = z.enum(["Pending", "Processing", "Completed", "CompletedWithErrors", "Failed"]);

export const ZJobAccepted = z
  .object({
    jobId: z.uuid(),
    status: ZJobStatusValue,
    statusUrl: z.string().meta({ description: "Absolute URL of GET /v1/jobs/{jobId}" }),
    resultUrl: z.string().meta({ description: "Absolute URL of GET /v1/jobs/{jobId}/results" }),
  })
  .meta({ id: "JobAccepted" });

export const ZJobStatus = z
  .object({
    jobId: z.uuid(),
    status: ZJobStatusValue,
    totalItems: z.number().int(),
    processedItems: z.number().int(),
    succeededItems: z.number().int(),
    failedItems: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
    statusUrl: z.string(),
    resultUrl: z.string(),
  })
  .meta({ id: "JobStatus" });

export const ZJobItemError = z.object({ code: z.string(), message: z.string() });

export const ZJobResult = z
  .object({
    index: z.number().int(),
    status: z.enum(["Created", "Failed"]),
    virtualAccountNumber: z.string().nullable(),
    clientReference: z.string().nullable(),
    error: ZJobItemError.nullable(),
  })
  .meta({ id: "JobResult" });

export const ZJobResults = envelopeOf(ZJobResult).meta({ id: "JobResults" });

export const ZBalanceItem = z.object({ accountNumber: z.string(), balance: ZMoney }).meta({ id: "VirtualAccountBalance" });

export const ZBalances = z.object({ meta: z.object({ total_size: z.number().int() }), data: z.array(ZBalanceItem) }).meta({ id: "VirtualAccountBalances" });

export const ZTotalBalance = z.object({ currency: ZCurrency, amount: z.string() }).meta({ id: "VirtualAccountTotalBalance" });

export type TVirtualAccount = z.infer<typeof ZVirtualAccount>;
export type TVirtualAccountDetail = z.infer<typeof ZVirtualAccountDetail>;
export type TLinkedAccount = z.infer<typeof ZLinkedAccount>;
export type TJobStatus = z.infer<typeof ZJobStatus>;
export type TJobAccepted = z.infer<typeof ZJobAccepted>;
export type TJobResult = z.infer<typeof ZJobResult>;
