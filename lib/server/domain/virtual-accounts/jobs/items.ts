import "server-only";
import type { AccountSpec } from "@/lib/server/domain/virtual-accounts/jobs/repo";
import type { HolderDetails } from "@/lib/server/domain/virtual-accounts/repo";
import type { TVirtualAccountItemV1, TVirtualAccountItemV2 } from "@/lib/contract/virtual-accounts/schema";

/** Normalises validated request items to the stored form, so the worker needs no knowledge of API versions. */

export function specFromV1(item: TVirtualAccountItemV1): AccountSpec {
  return {
    currency: item.currency,
    accountHolderName: item.accountHolderName ?? null,
    accountName: item.accountName ?? null,
    accountHolderType: null,
    dob: item.dob ?? null,
    nativeLanguageName: item.nativeLanguageName ?? null,
    clientReference: item.clientReference ?? null,
    holderDetails: {},
  };
}

/** The v2 holder blocks as stored; keys absent from the request stay absent. */
export function holderDetailsOf(
  item: Pick<TVirtualAccountItemV2, "taxIdentificationNumber" | "countryOfResidence" | "individual" | "business">,
): HolderDetails {
  const details: HolderDetails = {};
  if (item.taxIdentificationNumber !== undefined) details.taxIdentificationNumber = item.taxIdentificationNumber;
  if (item.countryOfResidence !== undefined) details.countryOfResidence = item.countryOfResidence;
  if (item.individual !== undefined) details.individual = item.individual;
  if (item.business !== undefined) details.business = item.business;
  return details;
}

export function specFromV2(item: TVirtualAccountItemV2): AccountSpec {
  const allocated = item.unallocated !== true;
  return {
    currency: item.currency,
    accountHolderName: item.accountHolderName ?? null,
    accountName: item.accountName ?? null,
    // The type is a holder fact: an unallocated account gets it at allocation.
    accountHolderType: allocated ? (item.accountHolderType ?? "Individual") : (item.accountHolderType ?? null),
    dob: item.individual?.dob ?? null,
    nativeLanguageName: item.individual?.nativeLanguageName ?? null,
    clientReference: item.clientReference ?? null,
    holderDetails: holderDetailsOf(item),
  };
}
