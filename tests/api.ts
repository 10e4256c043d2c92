import { issueAccessToken } from "@/lib/server/core/auth/tokens";
import { PERMISSIONS, type Permission } from "@/lib/contract/auth/permissions";
import { getRuntime } from "@/lib/server/entry/runtime";
import { REASON_PHRASES } from "@/lib/contract/http/errors";

/**
 * Integration tests drive the real route handlers with real Request objects:
 * the whole pipeline runs, only the TCP socket is skipped.
 */
type RouteFn = (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

export type CallOptions = {
  method?: string;
  token?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
};

export type ApiResponse<T = Record<string, unknown>> = { status: number; headers: Headers; body: T; text: string };

export async function call<T = Record<string, unknown>>(route: RouteFn, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(`http://localhost${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const response = await route(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get("content-type")?.startsWith("application/json")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export async function tokenFor(clientId: string, scopes: readonly Permission[] = PERMISSIONS, ttlSeconds = 300): Promise<string> {
  const runtime = await getRuntime();
  const { rows } = await runtime.db.query<{ cif: string }>("SELECT cif FROM clients WHERE client_id = $1", [clientId]);
  const { access_token } = await issueAccessToken(runtime.bankKey, { ...runtime.config.jwt, ttlSeconds }, { clientId, cif: rows[0]?.cif ?? "none", scopes });
  return access_token;
}

/** The pipeline's error body (decisions §3), checked whole. */
export function expectErrorBody(body: Record<string, unknown>, status: number, code: string): void {
  const keys = ["error", "message", "code", "field", "details", "correlationId"];
  for (const key of keys) if (!(key in body)) throw new Error(`error body lacks ${key}: ${JSON.stringify(body)}`);
  if (body.code !== code) throw new Error(`expected code ${code} (${status}), got ${JSON.stringify(body)}`);
  // The body names its status by reason phrase: a test's status argument is checked through it, not only printed.
  if (body.error !== (REASON_PHRASES[status] ?? "Error")) throw new Error(`expected status ${status}, got ${JSON.stringify(body)}`);
  if (typeof body.message !== "string" || body.message.length === 0) throw new Error("empty message");
  if (JSON.stringify(body).includes("    at ")) throw new Error("stack trace leaked");
}
