import createClient, { type Client, type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import { HarbourApiError, type ErrorBody } from "./errors";
import { cachedToken, type TokenSource } from "./token";
import type { paths } from "./schema";

/**
 * The Harbour API client: openapi-fetch over the types openapi-typescript generated from the committed
 * openapi.json (sdk/schema.d.ts), so every path, parameter and body is checked by the compiler and every
 * response is the operation's JSON type. Browser-safe (no Node builtins): the portal uses it too.
 */
export type HarbourClientOptions = {
  /** The API's origin, e.g. `https://api.uat.harbour.bm`; the paths carry `/v1`. */
  baseUrl: string;
  /** Client credentials (exchanged and cached by the SDK), or a function that returns a bearer token. */
  credentials: TokenSource;
  /** A fetch of your own (a proxy agent, a test double of the network); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * The request's cache mode: an answer about money is read fresh, so give `"no-store"` where a layer between you and
   * the bank may keep one (a browser's HTTP cache, a framework's fetch cache). Default: the platform's.
   */
  cache?: RequestCache;
};

/** Every operation answers JSON unless the caller asks for CSV (`csv`) or a statement format: typed as JSON. */
export type HarbourApi = Client<paths, "application/json">;

export type GetPath = ClientPathsWithMethod<HarbourApi, "get">;
export type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], "get">;
type Outcome = { data?: unknown; error?: unknown; response: Response };
type Ok<R extends Outcome> = Exclude<R, { error: unknown; data?: never }>["data"];

export type HarbourClient = {
  /** The typed client: `api.GET("/v1/accounts/{accountNumber}", { params: { path: { accountNumber } } })`. */
  api: HarbourApi;
  /** The same request asking for `text/csv`: the body as text (one header row, then the rows; decisions §4). */
  csv<P extends GetPath>(path: P, init?: GetInit<P>): Promise<string>;
  /** Forgets the cached token (after revoking it, or rotating the secret): the next call exchanges again. */
  forgetToken(): void;
};

/** The 2xx body, or a `HarbourApiError` carrying the error body's `code`, `field` and `details`. */
export async function ok<R extends Outcome>(call: Promise<R>): Promise<NonNullable<Ok<R>>> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw HarbourApiError.from(response.status, error as ErrorBody | undefined, response.headers);
  return data as NonNullable<Ok<R>>;
}

export function createHarbourClient(options: HarbourClientOptions): HarbourClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchFn = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const token = cachedToken(options.credentials, baseUrl, fetchFn);
  const api = createClient<paths, "application/json">({ baseUrl, fetch: fetchFn, ...(options.cache ? { cache: options.cache } : {}) });
  api.use({
    async onRequest({ request }) {
      if (!request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${await token.get()}`);
      if (!request.headers.has("accept")) request.headers.set("accept", "application/json");
      return request;
    },
    onResponse({ response }) {
      // A token the bank no longer honours (expired early, revoked): the next request exchanges a fresh one.
      if (response.status === 401) token.forget();
    },
  });

  return {
    api,
    async csv(path, init) {
      const request = { ...(init ?? {}), parseAs: "text" as const, headers: { accept: "text/csv" } };
      // openapi-fetch types `request` per path; here it is the caller's own init for the same path, widened once.
      const call = api.GET(path, request as never) as Promise<FetchResponse<object, { parseAs: "text" }, "text/csv">>;
      return ok(call);
    },
    forgetToken: () => token.forget(),
  };
}
