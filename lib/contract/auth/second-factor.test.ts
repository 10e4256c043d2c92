import { describe, expect, it } from "vitest";
import { formatRecoveryCode, secondFactorRequired, ZSecondFactorCode } from "@/lib/contract/auth/second-factor";

describe("second factor codes as people type them", () => {
  it("six digits are an app code, spaces ignored", () => {
    expect(ZSecondFactorCode.parse(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
  });

  it("a recovery code in any case, with or without its dash, is a recovery code", () => {
    expect(ZSecondFactorCode.parse("ABCDE-FG234")).toEqual({ kind: "recovery", code: "abcdefg234" });
    expect(formatRecoveryCode("abcdefg234")).toBe("abcde-fg234");
  });

  it("anything else is refused with a message for people", () => {
    for (const bad of ["", "12345", "1234567", "abcde-fg23", "abcdefg231", "12345x"]) {
      const result = ZSecondFactorCode.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Enter /);
    }
  });

  it("administrators, approvers and the bank's operators must have one; viewers and treasurers may", () => {
    expect([secondFactorRequired("admin"), secondFactorRequired("approver"), secondFactorRequired("treasurer"), secondFactorRequired("viewer")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(secondFactorRequired("operator")).toBe(true);
  });
});
