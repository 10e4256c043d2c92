import type { MaybeOptionalInit } from "openapi-fetch";
import type { z } from "zod";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { ZTokenResponse } from "@/lib/contract/auth/token-schema";
import { recordQuota } from "@/lib/portal/shared/quota-store";
import { errorBodyOf, parseJsonText, readErrorBody, readJson, ResponseShapeError, type ApiErrorBody } from "@/lib/portal/shared/read-json";
import { createHarbourClient, type HarbourApi } from "@/sdk/client";
import type { paths } from "@/sdk/schema";

/**
 * The portal's only way to the bank's data: the public /v1 API, called from the browser through the SDK's typed
 * client (sdk/client.ts) with a short-lived access token minted for the signed-in user.
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

/** An operation of the contract whose path the committed openapi.json (so the SDK's `paths`) has. */
type SdkOperation = OperationSpec & { path: keyof paths };
type Verb<O extends SdkOperation> = Lowercase<O["method"]>;
/** What a call of the operation takes (path, query and header `params`, `body`), checked against openapi.json. */
export type RequestOf<O extends SdkOperation> = MaybeOptionalInit<paths[O["path"]], Verb<O>>;
/** Optional when the operation needs no parameter and no body; it also carries `signal` and `headers`. */
type Init<O extends SdkOperation> = undefined extends RequestOf<O> ? [init?: RequestOf<O>] : [init: RequestOf<O>];
type Answer = { data?: unknown; error?: unknown; response: Response };

let client: HarbourApi | null = null;

/**
 * The SDK's typed client (sdk/client.ts) on this origin, with the signed-in user's access token as its token source.
 * Every answer's quota headers feed the header's meter; `no-store`: a balance is never read from the browser's cache.
 */
function portalApi(): HarbourApi {
  if (client) return client;
  const { api } = createHarbourClient({ baseUrl: window.location.origin, credentials: accessToken, cache: "no-store" });
  api.use({ onResponse: ({ response }) => void recordQuota(response.headers) });
  client = api;
  return api;
}

/**
 * Sends one operation through the SDK and returns its successful answer; any error status becomes an
 * ApiRequestError. An action that asks for the second factor again is sent once more, unchanged (the same
 * Idempotency-Key), after the prompt succeeds. The method and path are the operation's, so a call cannot name one
 * operation and reach another.
 */
async function send(operation: SdkOperation, init: Record<string, unknown>, steppedUp = false): Promise<Answer> {
  // The call site's `init` was checked against this operation's path and method (RequestOf); openapi-fetch's
  // `request` cannot see that through the generic, so it is called untyped here, in this one place.
  const request = portalApi().request as unknown as (method: string, path: string, init: Record<string, unknown>) => Promise<Answer>;
  const answer = await request(operation.method.toLowerCase(), operation.path, init);
  if (answer.response.status === 401) {
    forgetAccessToken();
    returnToSignIn();
  }
  if (!answer.response.ok) {
    const error = new ApiRequestError(answer.response.status, errorBodyOf(answer.error));
    if (!steppedUp && (await askForStepUp(error))) return send(operation, init, true);
    throw error;
  }
  return answer;
}

/** What an operation answers, as its contract schema parses it. */
export type ResponseOf<O extends OperationSpec> = z.output<O["response"]>;

/**
 * Calls one operation of the API and returns its JSON answer parsed with the operation's response schema (the one
 * its handler and the OpenAPI document use); a body that does not match is a ResponseShapeError, which the page
 * shows as its error state. `init` is openapi-fetch's: `{ params: { path, query, header }, body, signal }`.
 */
export async function apiJson<O extends SdkOperation>(operation: O, ...init: Init<O>): Promise<ResponseOf<O>> {
  return (await apiJsonResponse(operation, ...init)).body;
}

/** As apiJson, with the response's headers (an idempotent replay, the Date a live balance was read at). */
export async function apiJsonResponse<O extends SdkOperation>(operation: O, ...init: Init<O>): Promise<{ body: ResponseOf<O>; headers: Headers }> {
  const schema: O["response"] = operation.response;
  return apiJsonAs(operation, schema, ...init);
}

/**
 * For an operation that answers one of several kinds (GET /v1/jobs/{jobId}/results: a batch's or a payment run's):
 * the answer read with the schema of the kind the page follows, one of the operation's.
 */
export async function apiJsonAs<O extends SdkOperation, S extends z.ZodType>(
  operation: O,
  schema: S,
  ...init: Init<O>
): Promise<{ body: z.output<S>; headers: Headers }> {
  const { data, response } = await send(operation, { ...init[0], parseAs: "text" });
  return { body: parseJsonText(typeof data === "string" ? data : "", schema, operation.id), headers: response.headers };
}

/** A file the operation answers by `Accept` (the API's CSV, a pain.002, a statement): its bytes and headers. */
export async function apiFile<O extends SdkOperation>(operation: O, accept: string, ...init: Init<O>): Promise<{ blob: Blob; headers: Headers }> {
  const own = init[0];
  const { data, response } = await send(operation, { ...own, headers: { ...own?.headers, accept }, parseAs: "blob" });
  return { blob: data instanceof Blob ? data : new Blob([]), headers: response.headers };
}

/** The JSON body the operation takes, as openapi-fetch types it from openapi.json. */
export type BodyOf<O extends SdkOperation> = NonNullable<RequestOf<O>> extends { body?: infer B } ? B : never;

/**
 * A body the portal holds as a form's values, not in the contract's type (a payee, a payment, a draft's request):
 * sent as the operation's body for the API to check, whose 400 names the field the form then marks. The one place a
 * request body is taken on trust; a response body never is (apiJson parses it).
 */
export function formBody<O extends SdkOperation>(operation: O, values: unknown): BodyOf<O> {
  void operation;
  return values as BodyOf<O>;
}

/**
 * A document sent as the customer made it (a pain.001, a CSV run file) with its own content type, which must be one
 * of the operation's `uploads`: openapi-fetch types a body by the document's JSON media type and would send it as
 * JSON, so this one goes out as its text.
 */
export function fileBody<O extends SdkOperation>(operation: O, contentType: string, text: string) {
  if (!operation.uploads?.some((upload) => upload.type === contentType)) throw new Error(`${operation.id} takes no ${contentType} upload`);
  return { body: formBody(operation, text), headers: { "content-type": contentType }, bodySerializer: (body: unknown) => body as string };
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
