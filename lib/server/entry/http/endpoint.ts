import "server-only";
import { bearerToken, type Principal } from "@/lib/server/core/auth/tokens";
import { bearerRefusal } from "@/lib/server/entry/http/bearer-failures";
import { negotiate } from "@/lib/server/entry/http/accept";
import { readBodyText } from "@/lib/server/entry/http/body";
import { baseUrlOf } from "@/lib/server/entry/http/base-url";
import { clientIpOf } from "@/lib/server/entry/http/client-ip";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import { requestActor, type RequestActor } from "@/lib/server/core/actor";
import type { Unit } from "@/lib/server/core/unit";
import { ApiError } from "@/lib/contract/http/errors";
import { idempotencyStep, prepareClaim, replayResponse, type IdempotencySession, type TransactionRunner } from "@/lib/server/entry/http/idempotency";
import { requiredPermissions, type OperationInput, type OperationResult, type OperationSpec } from "@/lib/contract/http/operation";
import { admitRequest, portalBucket, type Quota } from "@/lib/server/entry/http/rate-limit";
import { CSV_TYPE, errorResponse, JSON_TYPE, renderResponse } from "@/lib/server/entry/http/respond";
import { parseInput } from "@/lib/contract/validation";
import type { ClaimOutcome, ClaimRequest } from "@/lib/server/core/idempotency/repo";
import { observed } from "@/lib/server/entry/http/request-log";
import { getRuntime, type Runtime } from "@/lib/server/entry/runtime";

export type RequestContext<O extends OperationSpec> = OperationInput<O> & {
  request: Request;
  correlationId: string;
  principal: O["access"] extends "public" ? null : Principal;
  /** Who acts (client or portal user), from which IP, under which correlation id: for services and audit rows. */
  actor: O["access"] extends "public" ? null : RequestActor;
  runtime: Runtime;
  /** Headers the handler may add to the success response. */
  responseHeaders: Headers;
  /** Absolute base for links (PUBLIC_BASE_URL or the request's origin). */
  baseUrl: string;
  /** The negotiated response media type (JSON, CSV or one of the operation's `accepts`). */
  mediaType: string;
  /** The request's upload, when it is one of the operation's `uploads`: the handler streams `request.body` within its limit. */
  upload: UploadSpec | null;
  /**
   * One database transaction for the change. With an Idempotency-Key, the
   * value its callback returns is stored as the response in the same
   * transaction (lib/server/entry/http/idempotency.ts).
   */
  transaction: TransactionRunner;
  /**
   * Or: a use case's unit of work (lib/server/core/unit.ts): the request's actor and clock, and the
   * Idempotency-Key claim that the use case's own write stores its response with (lib/server/entry/http/idempotency.ts).
   */
  inUnit: <T>(useCase: (unit: Unit) => Promise<T>) => Promise<T>;
};

type UploadSpec = NonNullable<OperationSpec["uploads"]>[number];

export type Handler<O extends OperationSpec> = (ctx: RequestContext<O>) => Promise<OperationResult<O>>;

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type Route<O extends OperationSpec> = ((request: Request, context: NextRouteContext) => Promise<Response>) & {
  operation: O;
};

// ---- pipeline steps, in order ------------------------------------------------

function negotiateStep(request: Request, operation: OperationSpec): string {
  // A file response's types (a statement's formats) are offered too: the document lists them, so a client may ask.
  const offered = [...new Set([JSON_TYPE, ...(operation.csv ? [CSV_TYPE] : []), ...(operation.accepts ?? []), ...(operation.files ?? [])])];
  const chosen = negotiate(request.headers.get("accept"), offered);
  if (!chosen) {
    throw new ApiError("NOT_ACCEPTABLE", `This endpoint can answer with: ${offered.join(", ")}.`);
  }
  return chosen;
}

/** One of the operation's streamed uploads (by Content-Type), which the handler reads itself. */
function uploadOf(request: Request, operation: OperationSpec): UploadSpec | null {
  const type = mediaTypeOf(request);
  return operation.uploads?.find((upload) => upload.type === type) ?? null;
}

async function bodyLimitStep(request: Request, operation: OperationSpec, upload: UploadSpec | null): Promise<string | null> {
  return operation.body && !upload ? readBodyText(request, operation.bodyLimit) : null;
}

/** Refused tokens are counted per source address (lib/server/entry/http/bearer-failures.ts). */
async function authenticateStep(request: Request, runtime: Runtime): Promise<Principal> {
  try {
    return await runtime.verifyToken(bearerToken(request.headers));
  } catch (error) {
    throw await bearerRefusal(runtime.counterDb, clientIpOf(request.headers), request.headers.has("authorization"), error);
  }
}

function permissionStep(principal: Principal, operation: OperationSpec): void {
  const needed = requiredPermissions(operation.access);
  if (needed && !needed.some((p) => principal.scopes.has(p))) {
    throw new ApiError("FORBIDDEN", `This operation requires the permission ${needed.join(" or ")}.`);
  }
}

/** Portal tokens are charged to their user's own quota (PORTAL_RATE_LIMIT_MAX), everything else to the client's. */
function quotaOf(principal: Principal, config: Runtime["config"]): Quota {
  if (!principal.portalUser) return config.rateLimit;
  return { max: config.portalRateLimitMax, windowSeconds: config.rateLimit.windowSeconds, bucket: portalBucket(principal.portalUser.id) };
}

/** IP allow-list, rate limit and the Idempotency-Key claim share one database round trip. */
async function admissionStep(
  request: Request,
  principal: Principal,
  runtime: Runtime,
  headers: Headers,
  prepared: ClaimRequest | null,
): Promise<ClaimOutcome | null> {
  const quota = quotaOf(principal, runtime.config);
  const admission = await admitRequest(runtime.counterDb, principal, clientIpOf(request.headers), quota, prepared);
  if (!admission.clientKnown) throw new ApiError("UNAUTHORIZED", "The client of this access token no longer exists or is suspended.");
  if (!admission.cifMatches) throw new ApiError("UNAUTHORIZED", "The access token names a customer that is not its client's.");
  if (!admission.sessionLive) throw new ApiError("UNAUTHORIZED", "The portal session of this access token has ended. Sign in again.");
  if (!admission.ipAllowed) throw new ApiError("IP_NOT_ALLOWED", "Requests from this IP address are not allowed for this client.");
  headers.set("RateLimit-Limit", String(admission.limit));
  headers.set("RateLimit-Remaining", String(admission.remaining));
  headers.set("RateLimit-Reset", String(admission.resetSeconds));
  // A portal admin also sees the quota the client's integrations spend (read, not counted).
  if (principal.portalUser?.role === "admin" && admission.clientHits !== null) {
    headers.set("Client-RateLimit-Limit", String(runtime.config.rateLimit.max));
    headers.set("Client-RateLimit-Remaining", String(Math.max(0, runtime.config.rateLimit.max - admission.clientHits)));
  }
  if (admission.limited) {
    const minutes = Math.ceil(admission.resetSeconds / 60);
    throw new ApiError(
      "RATE_LIMITED",
      `Request quota exceeded: ${admission.limit} requests per ${Math.round(quota.windowSeconds / 60)} minutes. Please wait ${minutes} minute(s) before retrying.`,
      { extra: { retry_after: `${minutes} minutes` }, headers: { "Retry-After": String(admission.resetSeconds) } },
    );
  }
  return admission.claim;
}

function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

const FORM_TYPE = "application/x-www-form-urlencoded";

function decodeBody(request: Request, operation: OperationSpec, bodyText: string | null): unknown {
  // An empty form is a form with no fields; an empty JSON body is missing.
  if (bodyText === null || bodyText.trim() === "") return operation.bodyEncoding === "form" ? {} : undefined;
  if (operation.bodyEncoding === "form" && mediaTypeOf(request) === FORM_TYPE) {
    return Object.fromEntries(new URLSearchParams(bodyText));
  }
  try {
    return JSON.parse(bodyText);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The request body is not valid JSON.");
  }
}

function parseStep<O extends OperationSpec>(
  operation: O,
  rawParams: Record<string, string | string[] | undefined>,
  url: URL,
  body: unknown,
  uploaded: boolean,
): OperationInput<O> {
  const query = Object.fromEntries(url.searchParams);
  return {
    params: (operation.params ? parseInput(operation.params, rawParams) : undefined) as OperationInput<O>["params"],
    query: (operation.query ? parseInput(operation.query, query) : undefined) as OperationInput<O>["query"],
    body: (operation.body && !uploaded ? parseInput(operation.body, body) : undefined) as OperationInput<O>["body"],
  };
}

function contentTypeStep(request: Request, operation: OperationSpec, bodyText: string | null): void {
  if (!bodyText || bodyText.trim() === "") return;
  const type = mediaTypeOf(request);
  if (type === "application/json" || type.endsWith("+json")) return;
  if (operation.bodyEncoding === "form" && type === FORM_TYPE) return;
  const accepted = [
    operation.bodyEncoding === "form" ? `application/json or ${FORM_TYPE}` : "application/json",
    ...(operation.uploads ?? []).map((u) => u.type),
  ].join(", ");
  throw new ApiError("UNSUPPORTED_MEDIA_TYPE", `Request bodies must be sent as Content-Type: ${accepted}.`);
}

/** Responses are checked against their schema outside production, so tests catch drift from the contract. */
function checkResponse(operation: OperationSpec, result: unknown): void {
  if (process.env.NODE_ENV === "production") return;
  const checked = operation.response.safeParse(result);
  if (!checked.success) {
    throw new Error(`response of ${operation.id} does not match its schema: ${checked.error.message}`);
  }
}

// ---- the wrapper ---------------------------------------------------------------

/**
 * Wraps a handler in the request pipeline: correlation id -> content
 * negotiation -> body size limit -> bearer token -> permission ->
 * Idempotency-Key syntax -> IP allow-list, rate limit and key claim (one
 * round trip) -> idempotency (replay, 409 or a session) -> zod parse ->
 * handler -> JSON or CSV -> error mapping. Route files stay declarative: an operation and one service call.
 */
export function endpoint<O extends OperationSpec>(operation: O, handler: Handler<O>): Route<O> {
  const route = async (request: Request, context: NextRouteContext): Promise<Response> => {
    const correlationId = correlationIdOf(request.headers);
    const headers = new Headers({ "x-correlation-id": correlationId, "cache-control": "no-store" });
    let idempotency: IdempotencySession | null = null;
    try {
      const mediaType = negotiateStep(request, operation);
      const upload = uploadOf(request, operation);
      const bodyText = await bodyLimitStep(request, operation, upload);
      const runtime = await getRuntime();
      let principal: Principal | null = null;
      let prepared: ClaimRequest | null = null;
      let claimed: ClaimOutcome | null = null;
      if (operation.access !== "public") {
        principal = await authenticateStep(request, runtime);
        permissionStep(principal, operation);
        prepared = prepareClaim(request, operation, principal, runtime);
        claimed = await admissionStep(request, principal, runtime, headers, prepared);
      }
      const claim = idempotencyStep(prepared, claimed, runtime);
      if ("replay" in claim) return replayResponse(claim.replay, mediaType, headers);
      idempotency = claim.session;
      contentTypeStep(request, operation, bodyText);
      const url = new URL(request.url);
      const input = parseStep(operation, (await context?.params) ?? {}, url, upload ? undefined : decodeBody(request, operation, bodyText), upload !== null);
      const actor = principal ? requestActor(principal, clientIpOf(request.headers), correlationId) : null;
      const session = idempotency;
      // The spread goes last (the keys never overlap): on Node 20 an object literal that adds properties after a
      // spread keeps its property store in the old generation, a full collection's work per request
      // (docs/api-adapter.md, "The read's tail").
      const result = await handler({
        request,
        correlationId,
        principal: principal as RequestContext<O>["principal"],
        actor: actor as RequestContext<O>["actor"],
        runtime,
        responseHeaders: headers,
        baseUrl: baseUrlOf(request.headers, url, runtime.config),
        mediaType,
        upload,
        transaction: idempotency.transaction,
        inUnit: (useCase) => session.statement((stored) => useCase(Object.assign({}, stored, { inTransaction: false, actor: actor!, now: new Date() }))),
        ...input,
      });
      checkResponse(operation, result);
      await idempotency.succeed(result);
      return renderResponse(result, operation.status ?? 200, mediaType, headers);
    } catch (error) {
      await idempotency?.fail();
      return errorResponse(error, correlationId, headers);
    }
  };
  // One JSON log line and the request metrics per call (lib/server/core/observability).
  return Object.assign(observed(operation.id, route), { operation });
}
