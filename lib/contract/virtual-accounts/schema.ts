import { z } from "zod";
import { ZAccountNumber, ZCurrency } from "@/lib/contract/api/schemas";
import { ZCustomHeaders } from "@/lib/contract/http/custom-headers";
import {
  MAX_ITEMS,
  restrictedText,
  ZAdultDob,
  ZCallbackUrl,
  ZClientReference,
  ZCountry,
  ZHolderName,
  ZNativeLanguageName,
  ZPastDate,
  ZTaxIdentificationNumber,
} from "@/lib/contract/virtual-accounts/fields";

/**
 * Request contracts of the virtual-account operations (spec §4.6-4.7,
 * decisions §6). Browser-safe: zod only, so the portal's CSV upload validates
 * each row with exactly the rules the API applies.
 */

type Issue = { path: PropertyKey[]; message: string };

/** Names are required unless the item is explicitly unallocated, and absent when it is. */
type NameFields = { unallocated?: boolean; accountHolderName?: string; accountName?: string };

function nameIssues(item: NameFields): Issue[] {
  const issues: Issue[] = [];
  for (const key of ["accountHolderName", "accountName"] as const) {
    if (item.unallocated === true && item[key] !== undefined) {
      issues.push({ path: [key], message: "must be omitted when unallocated is true (the account is created with the placeholder UNALLOCATED)" });
    } else if (item.unallocated !== true && item[key] === undefined) {
      issues.push({ path: [key], message: "is required unless unallocated is true" });
    }
  }
  return issues;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A cross-field rule that still runs when another field of the object is
 * invalid, so one 400 names every bad field (decisions §6), not just the
 * first kind of problem. Blocks of the wrong type are ignored here: their own
 * schema already reports them.
 */
function crossField<T>(rule: (value: T) => Issue[]) {
  return z.superRefine<T>(
    (value, ctx) => {
      for (const issue of rule(value)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    },
    { when: (payload) => isRecord(payload.value) },
  );
}

// ---- v1 -------------------------------------------------------------------------

export const ZVirtualAccountItemV1 = z
  .strictObject({
    currency: ZCurrency,
    accountHolderName: ZHolderName.optional(),
    accountName: ZHolderName.optional(),
    unallocated: z.boolean().optional(),
    dob: ZPastDate.optional().meta({ description: "Date of birth, YYYY-MM-DD" }),
    nativeLanguageName: ZNativeLanguageName.optional(),
    clientReference: ZClientReference.optional(),
  })
  .check(crossField(nameIssues))
  .meta({ id: "VirtualAccountItemV1" });

const batchFields = {
  callbackUrl: ZCallbackUrl.optional().meta({ description: "Receives the signed completion callback (decisions §6)" }),
  customHeaders: ZCustomHeaders.optional(),
};

export const ZCreateVirtualAccountsV1 = z
  .strictObject({
    items: z.array(ZVirtualAccountItemV1).min(1, "must have at least 1 item").max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
    ...batchFields,
  })
  .meta({ id: "CreateVirtualAccountsV1" });

// ---- v2 -------------------------------------------------------------------------

export const ZHolderType = z.enum(["Individual", "Business"]);

export const ZIndividual = z.strictObject({
  dob: ZAdultDob.optional().meta({ description: "YYYY-MM-DD, at least 18 years ago" }),
  nationality: ZCountry.optional(),
  nativeLanguageName: ZNativeLanguageName.optional(),
});

export const ZRegisteredAddress = z.strictObject({
  addressLine1: restrictedText(70),
  addressLine2: restrictedText(70).optional(),
  city: restrictedText(35),
  postalCode: restrictedText(35),
  country: ZCountry,
});

export const ZBusiness = z.strictObject({
  registeredAddress: ZRegisteredAddress.optional(),
  dateOfIncorporation: ZPastDate.optional(),
  countryOfIncorporation: ZCountry.optional(),
});

/** The v2 holder fields, shared by the batch item and the v2 PATCH. */
const holderFieldsV2 = {
  accountHolderType: ZHolderType.optional().meta({ description: "Individual when omitted" }),
  accountHolderName: ZHolderName.optional(),
  accountName: ZHolderName.optional(),
  taxIdentificationNumber: ZTaxIdentificationNumber.optional(),
  countryOfResidence: ZCountry.optional(),
  individual: ZIndividual.optional(),
  business: ZBusiness.optional(),
};

export type THolderV2 = {
  accountHolderType?: "Individual" | "Business";
  individual?: z.infer<typeof ZIndividual>;
  business?: z.infer<typeof ZBusiness>;
};

/**
 * The v2 Individual/Business rules (spec §4.7) for a holder being allocated:
 * only the block matching the type, dob and nationality for an Individual, a
 * registered address for a Business. `allocating` is false for unallocated
 * items, whose holder fields are enforced at the allocation PATCH instead.
 */
export function holderIssuesV2(holder: THolderV2, allocating: boolean): Issue[] {
  const type = holder.accountHolderType ?? "Individual";
  const issues: Issue[] = [];
  if (type === "Individual" && holder.business !== undefined) {
    issues.push({ path: ["business"], message: "must be omitted for an Individual holder (only the individual block may be supplied)" });
  }
  if (type === "Business" && holder.individual !== undefined) {
    issues.push({ path: ["individual"], message: "must be omitted for a Business holder (only the business block may be supplied)" });
  }
  if (!allocating) return issues;
  // A block of the wrong type is reported by its own schema; do not add "required" noise.
  if (type === "Individual" && (holder.individual === undefined || isRecord(holder.individual))) {
    if (holder.individual?.dob === undefined) issues.push({ path: ["individual", "dob"], message: "is required for an allocated Individual" });
    if (holder.individual?.nationality === undefined) {
      issues.push({ path: ["individual", "nationality"], message: "is required for an allocated Individual" });
    }
  } else if (type === "Business" && (holder.business === undefined || isRecord(holder.business)) && holder.business?.registeredAddress === undefined) {
    issues.push({ path: ["business", "registeredAddress"], message: "is required for an allocated Business" });
  }
  return issues;
}

export const ZVirtualAccountItemV2 = z
  .strictObject({
    currency: ZCurrency,
    unallocated: z.boolean().optional(),
    clientReference: ZClientReference.optional(),
    ...holderFieldsV2,
  })
  .check(crossField((item: THolderV2 & NameFields) => [...nameIssues(item), ...holderIssuesV2(item, item.unallocated !== true)]))
  .meta({ id: "VirtualAccountItemV2" });

export const ZCreateVirtualAccountsV2 = z
  .strictObject({
    items: z.array(ZVirtualAccountItemV2).min(1, "must have at least 1 item").max(MAX_ITEMS, `must have at most ${MAX_ITEMS} items`),
    ...batchFields,
  })
  .meta({ id: "CreateVirtualAccountsV2" });

// ---- PATCH ----------------------------------------------------------------------

const atLeastOneField = (body: object) => Object.keys(body).length > 0;

export const ZUpdateVirtualAccountV1 = z
  .strictObject({
    accountHolderName: ZHolderName.optional(),
    accountName: ZHolderName.optional(),
    dob: ZPastDate.optional(),
    nativeLanguageName: ZNativeLanguageName.optional(),
    clientReference: ZClientReference.nullable().optional().meta({ description: "Always changeable; null clears it" }),
  })
  .refine(atLeastOneField, "must contain at least one field")
  .meta({ id: "UpdateVirtualAccountV1" });

export const ZUpdateVirtualAccountV2 = z
  .strictObject({ ...holderFieldsV2, clientReference: ZClientReference.nullable().optional() })
  .check(crossField((body: THolderV2) => holderIssuesV2(body, false)))
  .refine(atLeastOneField, "must contain at least one field")
  .meta({ id: "UpdateVirtualAccountV2" });

// ---- reads ----------------------------------------------------------------------

export const ZVirtualAccountParams = z.strictObject({ virtualAccountNumber: ZAccountNumber });

/** Any text: a malformed job id is simply an unknown job (404), like a foreign one. */
export const ZJobParams = z.strictObject({ jobId: z.string().min(1).max(100) });

export const ZBalancesRequest = z
  .strictObject({
    accountNumbers: z.array(ZAccountNumber).min(1, "must have at least 1 entry").max(MAX_ITEMS, `must have at most ${MAX_ITEMS} entries`),
  })
  .meta({ id: "VirtualAccountBalancesRequest" });

export const ZTotalBalanceQuery = z.strictObject({
  currency: ZCurrency.optional().meta({ description: "Defaults to the settlement account's currency" }),
});

export type TCreateVirtualAccountsV2 = z.infer<typeof ZCreateVirtualAccountsV2>;
export type TVirtualAccountItemV1 = z.infer<typeof ZVirtualAccountItemV1>;
export type TVirtualAccountItemV2 = z.infer<typeof ZVirtualAccountItemV2>;
export type TUpdateVirtualAccountV1 = z.infer<typeof ZUpdateVirtualAccountV1>;
export type TUpdateVirtualAccountV2 = z.infer<typeof ZUpdateVirtualAccountV2>;
