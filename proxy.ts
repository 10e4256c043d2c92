import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";

/**
 * UAT-only portal pages (decisions §8) answer a real 404 outside uat. The
 * pages refuse too, but by the time a page decides, the portal's loading
 * skeleton (app/(portal)/loading.tsx) has streamed with status 200; here the
 * request never reaches them. Rewritten to a path no route serves, so the
 * answer is the app's own not-found page.
 */
export function proxy(request: NextRequest): NextResponse {
  if (getConfig().appEnv === "uat") return NextResponse.next();
  return NextResponse.rewrite(new URL("/_not-in-this-environment", request.url));
}

export const config = { matcher: ["/webhooks/sandbox"] };
