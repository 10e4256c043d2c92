import { describe, expect, it } from "vitest";
import { VIRTUAL_ACCOUNT_OPERATIONS } from "@/lib/contract/virtual-accounts/operations";

describe("virtual-account operation examples", () => {
  it.each(VIRTUAL_ACCOUNT_OPERATIONS.filter((o) => "example" in o).map((o) => [o.id, o] as const))("%s: examples satisfy the schemas", (_, operation) => {
    const example = (operation as { example?: { request?: unknown; response?: unknown } }).example!;
    if (example.request !== undefined) expect(operation.body!.safeParse(example.request).error).toBeUndefined();
    if (example.response !== undefined) expect(operation.response.safeParse(example.response).error).toBeUndefined();
  });
});
