import { isConsoleAction } from "@/lib/contract/ops/console";
import { runConsoleAction } from "@/lib/server/ops/console-actions";
import { consoleJson } from "@/lib/server/ops/console-http";
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
  return runConsoleAction(await operatorContext(operator, request), operator, action, request);
}
