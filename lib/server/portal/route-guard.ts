import "server-only";
import { assertRole, PortalAuthError, type PortalUser } from "@/lib/server/auth/session";
import type { Role } from "@/lib/contract/auth/roles";

const PRIVATE = { "cache-control": "private, no-store", vary: "cookie" } as const;

export function portalJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: PRIVATE });
}

/**
 * Browsers send Sec-Fetch-Site on every request: anything but same-origin is
 * another site (or a user typing the URL) and gets nothing from these routes.
 */
function crossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin";
}

/** Wraps a portal route: session and role first, then the handler; errors as small JSON bodies. */
export function portalRoute(required: Role, handler: (user: PortalUser, request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (crossSite(request)) return portalJson({ error: "Forbidden", message: "Cross-site requests are refused." }, 403);
    try {
      return await handler(await assertRole(required), request);
    } catch (error) {
      if (error instanceof PortalAuthError) {
        return portalJson({ error: error.status === 401 ? "Unauthorized" : "Forbidden", message: error.message }, error.status);
      }
      console.error("[portal]", error);
      return portalJson({ error: "Internal Server Error", message: "Something went wrong on our side." }, 500);
    }
  };
}
