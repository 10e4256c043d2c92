import "server-only";
import type { z } from "zod";
import { assertRole, PortalAuthError, type PortalUser } from "@/lib/server/entry/portal/session";
import { personActor } from "@/lib/server/entry/portal/person-actor";
import { readBodyText } from "@/lib/server/entry/http/body";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import { errorResponse } from "@/lib/server/entry/http/respond";
import { getOperator, operatorContext, type Operator } from "@/lib/server/entry/console/operator-session";
import type { OpsContext } from "@/lib/server/core/operation-context";
import type { Role } from "@/lib/contract/auth/roles";
import { ApiError } from "@/lib/contract/http/errors";
import { parseInput } from "@/lib/contract/validation";

/**
 * The one pipeline of the routes a browser calls with its session cookie
 * (the portal's /api/portal/*, the operations console's /api/operations/*,
 * the set-password page), as endpoint() is for /v1: correlation id ->
 * cross-site rule -> session -> (writes) JSON only -> body limit -> zod parse
 * -> handler -> one error body (decisions §3, with the correlation id).
 */

/** Who may call: a portal user of at least `role`, a bank operator, or anyone (the set-password link is its own credential). */
type Who = { role: Role } | "operator" | "anyone";

type Caller<W extends Who> = W extends { role: Role }
  ? { user: PortalUser; actor: ReturnType<typeof personActor> }
  : W extends "operator"
    ? { operator: Operator; ops: OpsContext }
    : object;

export type SessionRequest<W extends Who, B> = Caller<W> & { request: Request; correlationId: string; body: B };

/** A handler's answer: a body for 200, or a status and body. */
export type SessionAnswer = { status: number; body: unknown } | { body: unknown };

const PRIVATE = { "cache-control": "private, no-store", vary: "cookie" } as const;

/**
 * Browsers send Sec-Fetch-Site on every request: anything but same-origin is
 * another site (or a user typing the URL) and gets nothing. A write must also
 * be JSON, which a cross-site form cannot send without a CORS preflight that
 * these routes never grant: the two together are the whole CSRF rule.
 */
function crossSiteStep(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") throw new ApiError("FORBIDDEN", "Cross-site requests are refused.");
}

function jsonOnlyStep(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send this request as Content-Type: application/json.");
}

/** The console's routes do not exist for anyone but a signed-in operator. */
const notFound = () => new ApiError("NOT_FOUND", "Not found.");

async function callerStep(who: Who, request: Request, correlationId: string): Promise<object> {
  if (who === "anyone") return {};
  if (who === "operator") {
    const operator = await getOperator();
    if (!operator) throw notFound();
    return { operator, ops: Object.assign(await operatorContext(operator, request), { correlationId }) };
  }
  try {
    const user = await assertRole(who.role);
    return { user, actor: Object.assign(personActor(user, request.headers), { correlationId }) };
  } catch (error) {
    if (!(error instanceof PortalAuthError)) throw error;
    throw new ApiError(error.status === 401 ? "UNAUTHORIZED" : "FORBIDDEN", error.message);
  }
}

/** The cross-site rule, then the caller; past an operator-only route's gate nobody learns the route exists. */
async function gateStep(who: Who, request: Request, correlationId: string): Promise<object> {
  try {
    crossSiteStep(request);
    return await callerStep(who, request, correlationId);
  } catch (error) {
    throw who === "operator" && error instanceof ApiError ? notFound() : error;
  }
}

async function bodyStep<B>(request: Request, schema: z.ZodType<B> | undefined): Promise<B> {
  if (!schema) return undefined as B;
  const text = await readBodyText(request);
  let input: unknown;
  try {
    input = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The request body is not valid JSON.");
  }
  return parseInput(schema, input);
}

export function sessionRoute<W extends Who, B = undefined>(
  options: { who: W; body?: z.ZodType<B> },
  handler: (ctx: SessionRequest<W, B>) => Promise<SessionAnswer>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const correlationId = correlationIdOf(request.headers);
    const headers = new Headers(PRIVATE);
    headers.set("x-correlation-id", correlationId);
    try {
      const caller = await gateStep(options.who, request, correlationId);
      jsonOnlyStep(request);
      const body = await bodyStep(request, options.body);
      const answer = await handler(Object.assign({}, caller, { request, correlationId, body }) as SessionRequest<W, B>);
      headers.set("content-type", "application/json; charset=utf-8");
      return new Response(JSON.stringify(answer.body), { status: "status" in answer ? answer.status : 200, headers });
    } catch (error) {
      return errorResponse(error, correlationId, headers);
    }
  };
}
