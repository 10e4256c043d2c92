import { describe, expect, it } from "vitest";
import { HarbourApiError } from "./errors";
import { withIdempotencyKey } from "./idempotency";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("withIdempotencyKey", () => {
  it("retries an unknown or transient outcome with the same key, then answers", async () => {
    const keys: string[] = [];
    const failures = [new TypeError("fetch failed"), new HarbourApiError(409, { code: "REQUEST_IN_PROGRESS", message: "Request is already being processed." })];
    const result = await withIdempotencyKey(
      async (header) => {
        keys.push(header["Idempotency-Key"]);
        const failure = failures.shift();
        if (failure) throw failure;
        return "paid";
      },
      { delayMs: 1 },
    );
    expect(result).toBe("paid");
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
  });

  it("throws a refusal at once, and the last failure when the tries run out", async () => {
    let tries = 0;
    const refusal = new HarbourApiError(400, { code: "VALIDATION_ERROR", message: "amount must be positive", field: "instructedAmount.amount" });
    await expect(
      withIdempotencyKey(async () => {
        tries += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(tries).toBe(1);

    tries = 0;
    await expect(
      withIdempotencyKey(
        async () => {
          tries += 1;
          throw new HarbourApiError(503, { code: "DEDUPE_LOCK_UNAVAILABLE", message: "try again" });
        },
        { attempts: 2, delayMs: 1, key: "7d1c1f3e-5b8a-4c1e-9a51-0c3c7b9f2a10" },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(tries).toBe(2);
  });
});
