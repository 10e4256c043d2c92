import { describe, expect, it } from "vitest";
import { attemptPost } from "@/lib/server/delivery/http-attempt";

describe("attemptPost", () => {
  it("turns a header Node refuses into a failed attempt instead of a crash", async () => {
    const outcome = await attemptPost({
      url: "http://127.0.0.1:9/x",
      headers: { "x-bad": "line\nbreak" },
      body: "{}",
      policy: { allowPrivateNetworks: true, requireHttps: false },
    });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringMatching(/^invalid request: /) });
  });
});
