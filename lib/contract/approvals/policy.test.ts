import { describe, expect, it } from "vitest";
import { matchPolicy } from "@/lib/contract/approvals/policy";
import type { TApprovalPolicy } from "@/lib/contract/approvals/schema";

const POLICIES: TApprovalPolicy[] = [
  { rail: "ACH", currency: "USD", threshold: "10000.00", approvers: 2 },
  { rail: "ACH", currency: "BMD", threshold: "500", approvers: 1 },
  { rail: "SWIFT", currency: "EUR", threshold: "0.00", approvers: 1 },
];

describe("approval policy matching", () => {
  it("holds back a payment at the threshold, not one cent below", () => {
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: "10000.00" })?.approvers).toBe(2);
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: "9999.99" })).toBeNull();
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: 10000.01 })?.approvers).toBe(2);
  });

  it("applies each currency's own threshold", () => {
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "BMD", amount: "500.00" })?.approvers).toBe(1);
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "BMD", amount: "499.99" })).toBeNull();
  });

  it("applies each rail's own policies: none for SWIFT USD, every SWIFT EUR payment", () => {
    expect(matchPolicy(POLICIES, { rail: "SWIFT", currency: "USD", amount: "1000000.00" })).toBeNull();
    expect(matchPolicy(POLICIES, { rail: "SWIFT", currency: "EUR", amount: "0.01" })?.approvers).toBe(1);
  });
});
