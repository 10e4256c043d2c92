import type { z } from "zod";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { ZTokenResponse } from "@/lib/contract/auth/token-schema";
import { recordQuota } from "@/lib/portal/shared/quota-store";
import { readErrorBody, readJson, ResponseShapeError, type ApiErrorBody } from "@/lib/portal/shared/read-json";

/**
 * The portal's only way to the bank's data: the public /v1 API, called from
 * the browser with a short-lived access token minted for the signed-in user.
 */

export type { ApiErrorBody } from "@/lib/portal/shared/read-json";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `The request failed (${status}).`);
    this.name = "ApiRequestError";
  }

  get code(): string | undefined {
    return this.body.code;
  }
}

type CachedToken = { token: string; expiresAt: number };

/** Renewed this long before it expires, so a request never leaves with a token about to lapse. */
/**
 * The headers of every write to the portal's own routes: the session pipeline
 * takes JSON only from the browser's same-origin calls (lib/server/entry/http/session-route.ts).
 */
export const JSON_WRITE = { "content-type": "application/json" } as const;

const RENEW_MARGIN_MS = 30_000;

let cached: CachedToken | null = null;
let pending: Promise<CachedToken> | null = null;

/**
 * The token also survives a full page load in this tab's sessionStorage, so a
 * visit mints once per few minutes, not once per page. It adds nothing a
 * script in the page could not get anyway (it can call the mint route), it is
 * never written to disk by the browser, and it dies with the tab, a sign-out
 * or a new sign-in (forgetAccessToken).
 */
const STORAGE_KEY = "harbour.portal-token";

function storedToken(): CachedToken | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null") as CachedToken | null;
    return saved && typeof saved.token === "string" && typeof saved.expiresAt === "number" ? saved : null;
  } catch {
    return null;
  }
}

function storeToken(token: CachedToken): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(token));
  } catch {
    // Storage full or disabled: the in-memory copy still serves this page.
  }
}

/** On sign-out, sign-in and a 401: the next request mints a token for whoever is signed in now. */
export function forgetAccessToken(): void {
  cached = null;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Sign-in, then back here; `expired`: the session ended while the page was open, and sign-in says so (issue 24). */
export function signInUrl(expired = false): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?${expired ? "signedOut=expired&" : ""}callbackUrl=${encodeURIComponent(here)}`;
}

/**
 * Set while the person signs out: their session ends on the server before the page leaves, and a request answered 401
 * meanwhile (a badge's refresh) must not send them to "your session ended" instead of where signing out goes.
 */
let signingOut = false;
export function markSigningOut(on: boolean): void {
  signingOut = on;
}

/** A 401 means the session is over: back to sign-in, then back here. */
export function returnToSignIn(): never {
  if (!signingOut) window.location.assign(signInUrl(true));
  throw new ApiRequestError(401, { code: "UNAUTHORIZED", message: "Your session has ended. Sign in again." });
}

async function mintToken(): Promise<CachedToken> {
  const response = await fetch("/api/portal/token", { method: "POST", credentials: "same-origin", cache: "no-store", headers: JSON_WRITE });
  if (response.status === 401) returnToSignIn();
  if (!response.ok) throw new ApiRequestError(response.status, await readErrorBody(response));
  const body = await readJson(response, ZTokenResponse, "POST /api/portal/token");
  return { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
}

/** One mint at a time, shared by every request waiting for it. */
export async function accessToken(): Promise<string> {
  const fresh = (token: CachedToken | null): token is CachedToken => token !== null && token.expiresAt - RENEW_MARGIN_MS > Date.now();
  if (fresh(cached)) return cached.token;
  const saved = storedToken();
  if (fresh(saved)) {
    cached = saved;
    return saved.token;
  }
  pending ??= mintToken()
    .then((token) => {
      storeToken(token);
      return token;
    })
    .finally(() => {
      pending = null;
    });
  cached = await pending;
  return cached.token;
}

export type ApiOptions = {
  accept?: "application/json" | "text/csv" | "application/xml";
  signal?: AbortSignal;
  /** GET unless given; a `body` is sent as JSON, a `file` as it is (a pain.001 document). */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  file?: { contentType: string; text: string };
  headers?: Record<string, string>;
};

/**
 * Answers a 403 STEP_UP_REQUIRED (docs/security.md): asks the person for a
 * code and resolves true once the session has proven it again, false when
 * they cancel. Set by the step-up prompt (components/auth/step-up-prompt.tsx).
 */
export type StepUpHandler = (error: ApiRequestError) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/**
 * Asks for the second factor again through the mounted prompt (the portal's
 * API calls, the operations console's actions, the portal's server actions):
 * true once the session has proven it, false when cancelled or no prompt is mounted.
 */
export async function askForStepUp(error: ApiRequestError): Promise<boolean> {
  return error.code === "STEP_UP_REQUIRED" && stepUpHandler !== null && (await stepUpHandler(error));
}

/**
 * Calls /v1 and returns the successful response; any error status becomes an
 * ApiRequestError. An action that asks for the second factor again is
 * retried once, with the same request, after the prompt succeeds.
 */
export async function apiFetch(path: string, options: ApiOptions = {}, steppedUp = false): Promise<Response> {
  const token = await accessToken();
  const response = await fetch(path, {
    method: options.method ?? "GET",
    headers: {
      ...options.headers,
      authorization: `Bearer ${token}`,
      accept: options.accept ?? "application/json",
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.file ? { "content-type": options.file.contentType } : {}),
    },
    body: options.file ? options.file.text : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    cache: "no-store",
  });
  recordQuota(response.headers);
  if (response.status === 401) {
    forgetAccessToken();
    returnToSignIn();
  }
  if (!response.ok) {
    const error = new ApiRequestError(response.status, await readErrorBody(response));
    if (!steppedUp && (await askForStepUp(error))) return apiFetch(path, options, true);
    throw error;
  }
  return response;
}

/** What an operation answers, as its contract schema parses it. */
export type ResponseOf<O extends OperationSpec> = z.output<O["response"]>;

/** `/v1/payments/{paymentId}/cancel` matches `/v1/payments/pay_1/cancel?x=1`: the call names the operation it makes. */
export function pathMatches(template: string, path: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/?]+");
  return new RegExp(`^${pattern}(\\?.*)?$`).test(path);
}

/**
 * Calls one operation of the API and returns its JSON answer parsed with the operation's response schema (the one
 * its handler and the OpenAPI document use): the method is the operation's, and a body that does not match is a
 * ResponseShapeError, which the page shows as its error state. `path` is the operation's path with its values.
 */
export async function apiJson<O extends OperationSpec>(
  operation: O,
  path: string,
  options: Omit<ApiOptions, "accept" | "method"> = {},
): Promise<ResponseOf<O>> {
  return (await apiJsonResponse(operation, path, options)).body;
}

/** As apiJson, with the response's headers (an idempotent replay, the Date a live balance was read at). */
export async function apiJsonResponse<O extends OperationSpec>(
  operation: O,
  path: string,
  options: Omit<ApiOptions, "accept" | "method"> = {},
): Promise<{ body: ResponseOf<O>; headers: Headers }> {
  if (!pathMatches(operation.path, path)) throw new Error(`${path} is not a path of ${operation.id} (${operation.path})`);
  const response = await apiFetch(path, { ...options, method: operation.method });
  const schema: O["response"] = operation.response;
  return { body: await readJson(response, schema, operation.id), headers: response.headers };
}

/** Client errors are answers, not glitches: retrying a 403 or a 404 only burns quota. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  // A body its schema refuses comes back the same on a retry (a deploy between the page and the API): the page says so at once.
  if (error instanceof ResponseShapeError) return false;
  return failureCount < 2;
}

/** For portal routes (/api/portal/*) that answer with small JSON bodies: parsed with the route's contract schema. */
export async function portalJson<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  const response = await fetch(path, { credentials: "same-origin", cache: "no-store", signal });
  if (response.status === 401) returnToSignIn();
  if (!response.ok) throw new ApiRequestError(response.status, await readErrorBody(response));
  return readJson(response, schema, `GET ${path}`);
}
