import { runConsoleAction } from "@/lib/server/entry/console/console-actions";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { isConsoleAction } from "@/lib/contract/ops/console";
import { ApiError } from "@/lib/contract/http/errors";
import { z } from "zod";

export const dynamic = "force-dynamic";

/**
 * The Bank operations console's writes. Anyone but a signed-in operator gets
 * a 404, as for a route that does not exist (clients never learn it is here).
 * Each action parses its own input (lib/server/domain/operations).
 */
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }): Promise<Response> {
  const { action } = await params;
  return sessionRoute({ who: "operator", body: z.unknown() }, async ({ operator, ops, body }) => {
    if (!isConsoleAction(action)) throw new ApiError("NOT_FOUND", "Not found.");
    return { body: await runConsoleAction(ops, operator, action, body) };
  })(request);
}
