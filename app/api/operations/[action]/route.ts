import { ApiError } from "@/lib/contract/http/errors";
import { isConsoleAction } from "@/lib/contract/ops/console";
import { CONSOLE_HANDLERS } from "@/lib/server/ops/console-actions";
import { consoleJson, readConsoleBody } from "@/lib/server/ops/console-http";
import { getOperator, operatorContext } from "@/lib/server/ops/operator-session";

export const dynamic = "force-dynamic";

/**
 * The Bank operations console's writes. Anyone but a signed-in operator gets
 * a 404, as for a route that does not exist (clients never learn it is here).
 */
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }): Promise<Response> {
  const { action } = await params;
  const operator = await getOperator();
  if (!operator || !isConsoleAction(action) || request.headers.get("sec-fetch-site") === "cross-site") {
    return consoleJson({ code: "NOT_FOUND", message: "Not found.", field: null }, 404);
  }
  try {
    const input = await readConsoleBody(request);
    const ctx = await operatorContext(operator, new URL(request.url).origin);
    return consoleJson(await CONSOLE_HANDLERS[action](ctx, input), 200);
  } catch (error) {
    if (error instanceof ApiError) return consoleJson({ code: error.code, message: error.message, field: error.field }, error.status);
    console.error("[operations]", error);
    return consoleJson({ code: "INTERNAL_ERROR", message: "Something went wrong on our side. Nothing was changed.", field: null }, 500);
  }
}
