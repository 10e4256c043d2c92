import "server-only";
import { ApiError, type ErrorDetail } from "@/lib/contract/http/errors";
import { fieldPath } from "@/lib/contract/validation";
import { holderDetailsOf } from "@/lib/server/domain/virtual-accounts/jobs/items";
import type { HolderDetails, VirtualAccountChange, VirtualAccountRow } from "@/lib/server/domain/virtual-accounts/repo";
import { holderIssuesV2, type TUpdateVirtualAccountV1, type TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";

/**
 * The one-time allocation rules (spec §3, §4.6; decisions §6) as pure
 * functions: the current row and the request in, the change to write out, or
 * an ApiError. Sending a value equal to the stored one is not a change, so a
 * retried PATCH succeeds.
 */

function immutable(fields: readonly string[]): ApiError {
  return new ApiError(
    "ACCOUNT_NAMES_IMMUTABLE",
    `${fields.join(", ")} ${fields.length === 1 ? "was" : "were"} set at allocation and cannot change; only clientReference can.`,
    { field: fields[0] ?? null },
  );
}

function invalid(details: ErrorDetail[]): ApiError {
  const message =
    details.length === 1
      ? `Invalid ${details[0]!.field}: ${details[0]!.message}`
      : `The request has ${details.length} invalid fields: ${details.map((d) => d.field).join(", ")}.`;
  return new ApiError("VALIDATION_ERROR", message, { field: details[0]?.field ?? null, details });
}

/** Key-order-independent equality of JSON values. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Both names or neither: allocation needs the pair (spec §3). */
function namePairIssues(body: { accountHolderName?: string; accountName?: string }): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  if (body.accountHolderName === undefined)
    issues.push({ field: "accountHolderName", code: "REQUIRED", message: "is required with accountName to allocate the account" });
  if (body.accountName === undefined)
    issues.push({ field: "accountName", code: "REQUIRED", message: "is required with accountHolderName to allocate the account" });
  return issues;
}

/** A set-once field: free while unset, then only its own value. */
function setOnce<T>(name: string, requested: T | undefined, current: T | null | undefined, conflicts: string[]): T | undefined {
  if (requested === undefined) return undefined;
  if (current === null || current === undefined) return requested;
  if (!sameJson(requested, current)) conflicts.push(name);
  return undefined;
}

export function planUpdateV1(row: VirtualAccountRow, body: TUpdateVirtualAccountV1): VirtualAccountChange {
  const conflicts: string[] = [];
  const naming = body.accountHolderName !== undefined || body.accountName !== undefined;
  const allocated = row.account_holder_name !== null;
  if (naming && allocated) {
    if (body.accountHolderName !== undefined && body.accountHolderName !== row.account_holder_name) conflicts.push("accountHolderName");
    if (body.accountName !== undefined && body.accountName !== row.account_name) conflicts.push("accountName");
  }
  const dob = setOnce("dob", body.dob, row.dob, conflicts);
  const nativeLanguageName = setOnce("nativeLanguageName", body.nativeLanguageName, row.native_language_name, conflicts);
  if (conflicts.length > 0) throw immutable(conflicts);
  const allocate = naming && !allocated;
  if (allocate) {
    const issues = namePairIssues(body);
    if (issues.length > 0) throw invalid(issues);
  }
  return {
    accountHolderName: allocate ? body.accountHolderName : undefined,
    accountName: allocate ? body.accountName : undefined,
    dob,
    nativeLanguageName,
    clientReference: body.clientReference,
    allocate,
  };
}

const HOLDER_FIELDS_V2 = [
  "accountHolderName",
  "accountName",
  "accountHolderType",
  "taxIdentificationNumber",
  "countryOfResidence",
  "individual",
  "business",
] as const;

/** Allocating an unallocated account through v2: the names plus the v2 Individual/Business rules on the merged holder. */
function allocateV2(row: VirtualAccountRow, body: TUpdateVirtualAccountV2): VirtualAccountChange {
  const details: HolderDetails = { ...row.holder_details, ...holderDetailsOf(body) };
  const type = body.accountHolderType ?? row.account_holder_type ?? "Individual";
  const issues: ErrorDetail[] = [
    ...namePairIssues(body),
    ...holderIssuesV2({ accountHolderType: type, individual: details.individual, business: details.business }, true).map((i) => ({
      field: fieldPath(i.path),
      code: "CUSTOM",
      message: i.message,
    })),
  ];
  if (issues.length > 0) throw invalid(issues);
  return {
    accountHolderName: body.accountHolderName,
    accountName: body.accountName,
    accountHolderType: type,
    dob: details.individual?.dob,
    nativeLanguageName: details.individual?.nativeLanguageName,
    holderDetails: details,
    clientReference: body.clientReference,
    allocate: true,
  };
}

export function planUpdateV2(row: VirtualAccountRow, body: TUpdateVirtualAccountV2): VirtualAccountChange {
  const holderFieldSent = HOLDER_FIELDS_V2.some((f) => body[f] !== undefined);
  if (!holderFieldSent) return { clientReference: body.clientReference, allocate: false };
  if (row.account_holder_name === null) {
    if (body.accountHolderName === undefined && body.accountName === undefined) {
      throw invalid(
        namePairIssues(body).map((d) => ({ ...d, message: "holder details are set at allocation: send accountHolderName and accountName with them" })),
      );
    }
    return allocateV2(row, body);
  }
  // Allocated: names and type are fixed; the other holder facts may each be set once.
  const conflicts: string[] = [];
  if (body.accountHolderName !== undefined && body.accountHolderName !== row.account_holder_name) conflicts.push("accountHolderName");
  if (body.accountName !== undefined && body.accountName !== row.account_name) conflicts.push("accountName");
  if (body.accountHolderType !== undefined && body.accountHolderType !== (row.account_holder_type ?? "Individual")) conflicts.push("accountHolderType");
  const current = row.holder_details;
  const next: HolderDetails = { ...current };
  const tax = setOnce("taxIdentificationNumber", body.taxIdentificationNumber, current.taxIdentificationNumber, conflicts);
  const country = setOnce("countryOfResidence", body.countryOfResidence, current.countryOfResidence, conflicts);
  const individual = setOnce("individual", body.individual, current.individual, conflicts);
  const business = setOnce("business", body.business, current.business, conflicts);
  if (individual !== undefined && row.dob !== null && individual.dob !== undefined && individual.dob !== row.dob) conflicts.push("individual.dob");
  if (conflicts.length > 0) throw immutable(conflicts);
  const blockIssues = holderIssuesV2({ accountHolderType: row.account_holder_type ?? "Individual", individual, business }, false);
  if (blockIssues.length > 0) throw invalid(blockIssues.map((i) => ({ field: fieldPath(i.path), code: "CUSTOM", message: i.message })));
  if (tax !== undefined) next.taxIdentificationNumber = tax;
  if (country !== undefined) next.countryOfResidence = country;
  if (individual !== undefined) next.individual = individual;
  if (business !== undefined) next.business = business;
  return {
    dob: row.dob === null ? individual?.dob : undefined,
    nativeLanguageName: row.native_language_name === null ? individual?.nativeLanguageName : undefined,
    holderDetails: next,
    clientReference: body.clientReference,
    allocate: false,
  };
}
