import { ApiError } from "@/lib/contract/http/errors";
import { consoleJson, readConsoleBody } from "@/lib/server/ops/console-http";
import { requestOrigin } from "@/lib/server/auth/person-actor";
import { setPasswordWithLink } from "@/lib/server/ops/users";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** The set-password page's submit: spends an invitation or reset link (lib/server/ops/users.ts). */
export async function POST(request: Request): Promise<Response> {
  if (request.headers.get("sec-fetch-site") === "cross-site")
    return consoleJson({ code: "FORBIDDEN", message: "Cross-site requests are refused.", field: null }, 403);
  try {
    const { db } = await getRuntime();
    return consoleJson(await setPasswordWithLink(db, await readConsoleBody(request), requestOrigin(request.headers)), 200);
  } catch (error) {
    if (error instanceof ApiError) return consoleJson({ code: error.code, message: error.message, field: error.field }, error.status);
    console.error("[password-links]", error);
    return consoleJson({ code: "INTERNAL_ERROR", message: "Something went wrong on our side. Try the link again in a minute.", field: null }, 500);
  }
}
