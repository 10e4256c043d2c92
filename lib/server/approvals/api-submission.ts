import "server-only";
import { clientCif } from "@/lib/server/approvals/repo";
import { issueAccessToken } from "@/lib/server/auth/tokens";
import type { Runtime } from "@/lib/server/runtime";
import { APPROVAL_RAIL_PERMISSIONS, type TApprovalRail } from "@/lib/contract/approvals/schema";

/** A /v1 route handler as app/ exports it. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** `made`: the id of what the route created (a payment, or a virtual-account batch's job), null when it created nothing. */
export type ApiAnswer = { status: number; body: { code?: string; message?: string }; made: string | null };

/** Sends an approved draft's request to the API; the same key always gives the same payment. */
export type SubmitThroughApi = (rail: TApprovalRail, request: unknown, idempotencyKey: string, correlationId: string) => Promise<ApiAnswer>;

type Made = { status: number; idField: "id" | "jobId" };
const PAYMENT: Made = { status: 201, idField: "id" };

/**
 * Where each rail's approved request goes. A virtual-account batch goes to
 * the v2 route, whose item schema is the one the portal's upload drafts with;
 * it answers 202 with the batch's job.
 */
const RAILS: Readonly<Record<TApprovalRail, { path: string; made: Made }>> = {
  ACH: { path: "/v1/payments/ach-local", made: PAYMENT },
  SWIFT: { path: "/v1/payments/swift", made: PAYMENT },
  INTERNAL: { path: "/v1/payments/internal", made: PAYMENT },
  VIRTUAL_ACCOUNT_BATCH: { path: "/v2/virtual-accounts", made: { status: 202, idField: "jobId" } },
};

/**
 * Submits through the API's own route handler, in process: the whole
 * pipeline runs (token, permission, quota, Idempotency-Key, validation,
 * funds), exactly as for an integration. The token is minted here for this
 * one request, for the client, with only the rail's permission, and never
 * leaves the process. Route handlers are handed in by app/, which owns them.
 */
export function apiSubmitter(runtime: Runtime, clientId: string, handlers: Readonly<Record<TApprovalRail, RouteHandler>>): SubmitThroughApi {
  return async (rail, request, idempotencyKey, correlationId) => {
    const { path, made } = RAILS[rail];
    const permission = APPROVAL_RAIL_PERMISSIONS[rail];
    const token = await issueAccessToken(
      runtime.bankKey,
      { ...runtime.config.jwt, ttlSeconds: 60 },
      { clientId, cif: await clientCif(runtime.db, clientId), scopes: [permission] },
    );
    const response = await handlers[rail](
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token.access_token}`,
          "content-type": "application/json",
          accept: "application/json",
          "idempotency-key": idempotencyKey,
          "x-correlation-id": correlationId,
        },
        body: JSON.stringify(request),
      }),
      { params: Promise.resolve({}) },
    );
    const body = (await response.json().catch(() => ({}))) as ApiAnswer["body"] & Record<string, unknown>;
    const id = response.status === made.status ? body[made.idField] : undefined;
    return { status: response.status, body, made: typeof id === "string" ? id : null };
  };
}
