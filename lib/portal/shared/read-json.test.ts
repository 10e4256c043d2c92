import { afterEach, describe, expect, it, vi } from "vitest";
import { cancelPaymentOperation, getPaymentStatusOperation } from "@/lib/contract/payments/operations";
import { ZSystemStatus } from "@/lib/contract/system/status";
import { listAccountsOperation } from "@/lib/contract/accounts/operations";
import { createCounterpartyOperation } from "@/lib/contract/counterparties/operations";
import { createPaymentBatchOperation, PAIN_001_TYPE } from "@/lib/contract/payment-runs/operations";
import {
  ApiRequestError,
  apiFile,
  apiJson,
  apiJsonResponse,
  fileBody,
  formBody,
  markSigningOut,
  portalJson,
  setStepUpHandler,
  shouldRetry,
} from "@/lib/portal/shared/api-client";
import { getQuotas } from "@/lib/portal/shared/quota-store";
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

type Sent = { url: string; method: string; headers: Headers; body: string };

/**
 * The browser's network as the page sees it: the token mint (a string URL, as accessToken calls it) and then
 * `answer` for each /v1 request the SDK's client sends (a Request); every request is kept with its headers and body.
 */
function serve(answer: (call: number) => Response) {
  const calls: Sent[] = [];
  const assign = vi.fn();
  vi.stubGlobal("window", { location: { origin: "http://127.0.0.1:4890", pathname: "/payments", search: "", assign } });
  vi.stubGlobal("fetch", async (input: string | Request, init?: RequestInit) => {
    if (input === "/api/portal/token") return json({ access_token: "t", token_type: "Bearer", expires_in: 300, scope: "get-payment-status" });
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    return answer(calls.length);
  });
  return { calls, assign };
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

describe("apiJson, through the SDK's client", () => {
  afterEach(() => {
    setStepUpHandler(null);
    markSigningOut(false);
  });

  it("sends the operation's method and path, its parameters encoded, with the bearer token and no-store, and returns the parsed answer", async () => {
    const { calls } = serve(() => json({ ...RECORD, status: "Cancelled" }));
    const record = await apiJson(cancelPaymentOperation, { params: { path: { paymentId: "p 1" } } });
    expect(record.status).toBe("Cancelled");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: "http://127.0.0.1:4890/v1/payments/p%201/cancel", method: "POST" });
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer t");
    expect(calls[0]!.headers.get("accept")).toBe("application/json");
  });

  it("a 2xx the schema refuses is a ResponseShapeError, and so is a 2xx that is not JSON", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve((n) => (n === 1 ? json({ data: [] }) : new Response("<html>proxy</html>", { status: 200 })));
    const status = () => apiJson(getPaymentStatusOperation, { params: { path: { paymentId: PAYMENT_ID } } });
    await expect(status()).rejects.toBeInstanceOf(ResponseShapeError);
    await expect(status()).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("an error answer is an ApiRequestError carrying the parsed error body", async () => {
    serve(() => json(ERROR, 404));
    const error = await apiJson(getPaymentStatusOperation, { params: { path: { paymentId: PAYMENT_ID } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe("PAYMENT_NOT_FOUND");
    expect((error as ApiRequestError).message).toBe(ERROR.message);
    expect((error as ApiRequestError).body.correlationId).toBe(ERROR.correlationId);
  });

  it("an error answer that is not the error body says the status", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await apiJson(getPaymentStatusOperation, { params: { path: { paymentId: PAYMENT_ID } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe("The request failed (502).");
  });

  it("after a step-up sends the same request once more, with the same Idempotency-Key and body", async () => {
    const { calls } = serve((n) => (n === 1 ? json({ ...ERROR, code: "STEP_UP_REQUIRED", message: "Confirm it is you." }, 403) : json(RECORD)));
    const asked = vi.fn(async () => true);
    setStepUpHandler(asked);
    const body = { name: "Rhein GmbH" };
    await apiJsonResponse(createCounterpartyOperation, {
      body: formBody(createCounterpartyOperation, body),
      params: { header: { "Idempotency-Key": "k-1" } },
    }).catch(() => undefined);
    expect(asked).toHaveBeenCalledOnce();
    expect(calls.map((c) => [c.method, c.headers.get("idempotency-key"), c.body])).toEqual([
      ["POST", "k-1", JSON.stringify(body)],
      ["POST", "k-1", JSON.stringify(body)],
    ]);
  });

  it("a 401 forgets the token and returns to sign-in, except while signing out", async () => {
    const { assign } = serve(() => json({ ...ERROR, code: "UNAUTHORIZED" }, 401));
    const read = () => apiJson(getPaymentStatusOperation, { params: { path: { paymentId: PAYMENT_ID } } });
    await expect(read()).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?signedOut=expired&callbackUrl=%2Fpayments$/));
    markSigningOut(true);
    await expect(read()).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledOnce();
  });

  it("records the quota every answer reports, an error's too", async () => {
    serve(
      () =>
        new Response(JSON.stringify(ERROR), {
          status: 404,
          headers: { "content-type": "application/json", "ratelimit-limit": "600", "ratelimit-remaining": "17" },
        }),
    );
    await apiJson(getPaymentStatusOperation, { params: { path: { paymentId: PAYMENT_ID } } }).catch(() => undefined);
    expect(getQuotas().own).toEqual({ limit: 600, remaining: 17 });
  });

  it("uploads a document with its own content type, and only one the operation takes", async () => {
    const { calls } = serve(() => json({ jobId: "j", status: "Queued" }, 202));
    await apiJson(createPaymentBatchOperation, fileBody(createPaymentBatchOperation, PAIN_001_TYPE, "<Document/>")).catch(() => undefined);
    expect(calls[0]!.headers.get("content-type")).toBe(PAIN_001_TYPE);
    expect(calls[0]!.body).toBe("<Document/>");
    expect(() => fileBody(createPaymentBatchOperation, "text/plain", "x")).toThrow(/takes no text\/plain upload/);
  });

  it("downloads a file by Accept: its bytes and headers", async () => {
    const { calls } = serve(
      () => new Response("a,b\n1,2\n", { headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="x.csv"' } }),
    );
    const { blob, headers } = await apiFile(listAccountsOperation, "text/csv", { params: { query: { pageStart: 1, pageSize: 25 } } });
    expect(await blob.text()).toBe("a,b\n1,2\n");
    expect(headers.get("content-disposition")).toContain("x.csv");
    expect(calls[0]).toMatchObject({ url: "http://127.0.0.1:4890/v1/accounts?pageStart=1&pageSize=25" });
    expect(calls[0]!.headers.get("accept")).toBe("text/csv");
  });
});

describe("portalJson", () => {
  it("parses a portal route's answer with the schema it is given", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => json({ checkedAt: "now" }));
    await expect(portalJson("/api/portal/status", ZSystemStatus)).rejects.toBeInstanceOf(ResponseShapeError);
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
