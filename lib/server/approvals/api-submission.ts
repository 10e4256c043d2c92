import "server-only";
import { clientCif } from "@/lib/server/approvals/repo";
import { issueAccessToken } from "@/lib/server/auth/tokens";
import type { Runtime } from "@/lib/server/runtime";
import type { TApprovalRail } from "@/lib/contract/approvals/schema";
import type { Permission } from "@/lib/contract/auth/permissions";

/** A /v1 route handler as app/ exports it. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type ApiAnswer = { status: number; body: { id?: string; code?: string; message?: string } };

/** Sends an approved draft's request to the API; the same key always gives the same payment. */
export type SubmitThroughApi = (rail: TApprovalRail, request: unknown, idempotencyKey: string, correlationId: string) => Promise<ApiAnswer>;

const RAILS: Readonly<Record<TApprovalRail, { path: string; permission: Permission }>> = {
  ACH: { path: "/v1/payments/ach-local", permission: "payment-ach" },
  SWIFT: { path: "/v1/payments/swift", permission: "payment-swift" },
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
    const { path, permission } = RAILS[rail];
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
    return { status: response.status, body: (await response.json().catch(() => ({}))) as ApiAnswer["body"] };
  };
}
