import { describe, expect, it } from "vitest";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import {
  allocationBody,
  allocationDefaults,
  setOnceBody,
  ZAllocationForm,
  ZClientReferenceForm,
  ZSetOnceForm,
  type AllocationValues,
} from "@/lib/portal/virtual-accounts/va-allocation";

const blank = allocationDefaults({
  accountHolderType: null,
  individual: null,
  business: null,
  taxIdentificationNumber: null,
  countryOfResidence: null,
} as unknown as TVirtualAccountDetail);
const values = (patch: Partial<AllocationValues>): AllocationValues => ({ ...blank, ...patch });
const paths = (input: AllocationValues) => {
  const result = ZAllocationForm.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join(".")).sort();
};

describe("allocation form", () => {
  it("sends only the chosen type's block, without empty fields", () => {
    const body = allocationBody(
      values({
        accountHolderName: " Jane Tucker ",
        accountName: "Deposit",
        countryOfResidence: "bm",
        individual: { dob: "1984-05-17", nationality: "bm", nativeLanguageName: "" },
        business: { ...blank.business, registeredAddress: { ...blank.business.registeredAddress, city: "Hamilton" } },
      }),
    );
    expect(body).toEqual({
      accountHolderType: "Individual",
      accountHolderName: "Jane Tucker",
      accountName: "Deposit",
      countryOfResidence: "BM",
      individual: { dob: "1984-05-17", nationality: "BM" },
    });
  });

  it("asks for both names and the Individual's dob and nationality", () => {
    expect(paths(blank)).toEqual(["accountHolderName", "accountName", "individual.dob", "individual.nationality"]);
  });

  it("asks a Business for its registered address, and checks each of its fields with the API's rules", () => {
    expect(paths(values({ accountHolderType: "Business", accountHolderName: "A Ltd", accountName: "A" }))).toEqual([
      "business.registeredAddress.addressLine1",
      "business.registeredAddress.city",
      "business.registeredAddress.country",
      "business.registeredAddress.postalCode",
    ]);
    const address = { addressLine1: "1 Front St", addressLine2: "", city: "Hamilton", postalCode: "HM 11", country: "XX" };
    expect(
      paths(
        values({ accountHolderType: "Business", accountHolderName: "A_Ltd", accountName: "A", business: { ...blank.business, registeredAddress: address } }),
      ),
    ).toEqual(["accountHolderName", "business.registeredAddress.country"]);
  });

  it("says a missing country is required, on the country field, in words for a person", () => {
    const address = { addressLine1: "1 Front St", addressLine2: "", city: "Hamilton", postalCode: "HM 11", country: "" };
    const result = ZAllocationForm.safeParse(
      values({ accountHolderType: "Business", accountHolderName: "A Ltd", accountName: "A", business: { ...blank.business, registeredAddress: address } }),
    );
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["business.registeredAddress.country", "is required"]]);
  });

  it("accepts a complete Individual", () => {
    expect(
      paths(values({ accountHolderName: "Jane Tucker", accountName: "Deposit", individual: { dob: "1984-05-17", nationality: "BM", nativeLanguageName: "" } })),
    ).toEqual([]);
  });

  it("client reference: empty clears, otherwise the API's rule", () => {
    expect(ZClientReferenceForm.safeParse({ clientReference: "" }).success).toBe(true);
    expect(ZClientReferenceForm.safeParse({ clientReference: "R".repeat(36) }).success).toBe(false);
  });

  it("set-once fields after allocation: at least one, the API's rules, only the filled ones sent", () => {
    expect(ZSetOnceForm.safeParse({ taxIdentificationNumber: "", countryOfResidence: "" }).success).toBe(false);
    expect(ZSetOnceForm.safeParse({ taxIdentificationNumber: "BM*1", countryOfResidence: "" }).success).toBe(false);
    const parsed = ZSetOnceForm.parse({ taxIdentificationNumber: "", countryOfResidence: "bm" });
    expect(setOnceBody(parsed)).toEqual({ countryOfResidence: "BM" });
  });
});
