import { describe, expect, it } from "vitest";
import { TRANSACTION_KINDS } from "@/lib/contract/ledger/schema";
import { humanize, TRANSACTION_KIND_LABELS } from "@/lib/portal/shared/labels";

describe("enum values on screen are words (issue 24, item 7)", () => {
  it("splits CamelCase, snake and kebab case and keeps acronyms", () => {
    expect(humanize("OpeningBalance")).toBe("Opening balance");
    expect(humanize("InProgress")).toBe("In progress");
    expect(humanize("pending_approval")).toBe("Pending approval");
    expect(humanize("success")).toBe("Success");
    expect(humanize("ACH")).toBe("ACH");
    expect(humanize("SWIFTReturn")).toBe("SWIFT return");
    expect(humanize("Completed")).toBe("Completed");
  });

  it("labels every transaction kind, none left in CamelCase", () => {
    for (const kind of TRANSACTION_KINDS) expect(TRANSACTION_KIND_LABELS[kind]).not.toMatch(/[a-z][A-Z]/);
  });
});
