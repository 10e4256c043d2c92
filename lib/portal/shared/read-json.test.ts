import { afterEach, describe, expect, it, vi } from "vitest";
import { cancelPaymentOperation, getPaymentStatusOperation } from "@/lib/contract/payments/operations";
import { ZSystemStatus } from "@/lib/contract/system/status";
import { ApiRequestError, apiJson, pathMatches, portalJson, shouldRetry } from "@/lib/portal/shared/api-client";
import { readErrorBody, readJson, ResponseShapeError } from "@/lib/portal/shared/read-json";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const PAYMENT_ID = "7f0c1b9e-3f7e-4a43-9d7a-8f0f6f1f2a10";
const RECORD = {
  type: "ACH",
  status: "Pending",
  transactionId: PAYMENT_ID,
  externalReference: "INV-1",
  remittanceInformation: ["Invoice 1"],
  debitAmount: { currency: "USD", amount: "125.00" },
  creditAmount: { currency: "USD", amount: "125.00" },
  valueDate: "2026-11-27",
  exchangeRate: null,
};

const ERROR = {
  error: "Not Found",
  message: "No payment with that id.",
  code: "PAYMENT_NOT_FOUND",
  field: null,
  details: null,
  correlationId: "c0ffee00-0000-4000-8000-000000000001",
};

/** The browser's fetch, answering the token mint and then `answer` for the API call; the calls are kept. */
function serve(answer: () => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? "GET" });
    if (url === "/api/portal/token") return json({ access_token: "t", token_type: "Bearer", expires_in: 300, scope: "get-payment-status" });
    return answer();
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("readJson", () => {
  it("returns the body as the schema parses it", async () => {
    const status = await readJson(json({ ...RECORD, extra: "dropped" }), getPaymentStatusOperation.response, "getPaymentStatus");
    expect(status.transactionId).toBe(PAYMENT_ID);
    expect(status).not.toHaveProperty("extra");
  });

  it("refuses a body the schema does not describe, with a message for people and the issues for support", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const read = readJson(json({ ...RECORD, status: "Teleported" }), getPaymentStatusOperation.response, "getPaymentStatus");
    await expect(read).rejects.toBeInstanceOf(ResponseShapeError);
    const error = (await read.catch((e: unknown) => e)) as ResponseShapeError;
    expect(error.message).toMatch(/could not be read/);
    expect(error.message).not.toMatch(/status|Teleported/);
    expect(error.source).toBe("getPaymentStatus");
    expect(error.issues).toMatch(/^status:/);
  });

  it("an empty or non-JSON body is not a payment either", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(readJson(new Response("<html>proxy</html>"), getPaymentStatusOperation.response, "x")).rejects.toBeInstanceOf(ResponseShapeError);
    await expect(readJson(new Response(null), getPaymentStatusOperation.response, "x")).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe("readErrorBody", () => {
  it("parses the contract's error body", async () => {
    expect(await readErrorBody(json(ERROR, 404))).toEqual(ERROR);
  });

  it("keeps the step-up error's enrolmentRequired", async () => {
    const body = await readErrorBody(json({ ...ERROR, code: "STEP_UP_REQUIRED", enrolmentRequired: true }, 403));
    expect(body.enrolmentRequired).toBe(true);
  });

  it("anything else is an empty body, not a half-trusted one", async () => {
    expect(await readErrorBody(new Response("<html>Bad gateway</html>", { status: 502 }))).toEqual({});
    expect(await readErrorBody(json({ message: "from somewhere", code: "NOT_A_CODE" }, 500))).toEqual({});
  });
});

describe("apiJson", () => {
  it("calls the operation with its own method and returns the parsed answer", async () => {
    const calls = serve(() => json({ ...RECORD, status: "Cancelled" }));
    const record = await apiJson(cancelPaymentOperation, `/v1/payments/${PAYMENT_ID}/cancel`);
    expect(record.status).toBe("Cancelled");
    expect(calls.at(-1)).toEqual({ url: `/v1/payments/${PAYMENT_ID}/cancel`, method: "POST" });
  });

  it("a 2xx the schema refuses is a ResponseShapeError", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve(() => json({ data: [] }));
    await expect(apiJson(getPaymentStatusOperation, `/v1/payments/${PAYMENT_ID}/status`)).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("an error answer is an ApiRequestError carrying the parsed error body", async () => {
    serve(() => json(ERROR, 404));
    const error = await apiJson(getPaymentStatusOperation, `/v1/payments/${PAYMENT_ID}/status`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe("PAYMENT_NOT_FOUND");
    expect((error as ApiRequestError).message).toBe(ERROR.message);
    expect((error as ApiRequestError).body.correlationId).toBe(ERROR.correlationId);
  });

  it("an error answer that is not the error body says the status", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await apiJson(getPaymentStatusOperation, `/v1/payments/${PAYMENT_ID}/status`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe("The request failed (502).");
  });

  it("refuses a path that is not the operation's before sending anything", async () => {
    const calls = serve(() => json(RECORD));
    await expect(apiJson(getPaymentStatusOperation, `/v1/payments/${PAYMENT_ID}/cancel`)).rejects.toThrow(/not a path of getPaymentStatus/);
    expect(calls).toEqual([]);
  });
});

describe("portalJson", () => {
  it("parses a portal route's answer with the schema it is given", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => json({ checkedAt: "now" }));
    await expect(portalJson("/api/portal/status", ZSystemStatus)).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe("pathMatches", () => {
  it("matches the template's segments, with or without a query", () => {
    expect(pathMatches("/v1/payments/{paymentId}/cancel", "/v1/payments/p%201/cancel")).toBe(true);
    expect(pathMatches("/v1/payments", "/v1/payments?pageStart=1")).toBe(true);
    expect(pathMatches("/v1/payments/{paymentId}", "/v1/payments/a/b")).toBe(false);
    expect(pathMatches("/v1/payments", "/v1/payments-x")).toBe(false);
  });
});

describe("what the portal retries", () => {
  it("retries a failure of the network or the server twice, never a refusal or an answer its schema refuses", () => {
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(1, new ApiRequestError(503, {}))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(503, {}))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(404, ERROR))).toBe(false);
    expect(shouldRetry(0, new ResponseShapeError("GET /v1/payments", "data: Required"))).toBe(false);
  });
});
