import type { z } from "zod";
import { ApiRequestError, askForStepUp } from "@/lib/portal/shared/api-client";
import { readErrorBody, readJson, ResponseShapeError } from "@/lib/portal/shared/read-json";
import type { ConsoleAction, ConsoleError } from "@/lib/contract/ops/console";

export type ConsoleResult<T> = { ok: true; data: T } | { ok: false; error: ConsoleError };

/**
 * Posts one console action (or the set-password form) and returns its answer
 * or its refusal, never throws for a refusal. An action that asks for the
 * second factor again (a role change) is retried once after the prompt.
 */
export async function postConsole<S extends z.ZodType>(
  path: `/api/operations/${ConsoleAction}` | "/api/password-links",
  body: unknown,
  schema: S,
  steppedUp = false,
): Promise<ConsoleResult<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return {
      ok: false,
      error: { code: "NETWORK", message: "The bank could not be reached. Check your connection and try again; nothing was changed.", field: null },
    };
  }
  if (response.ok) {
    try {
      return { ok: true, data: await readJson(response, schema, `POST ${path}`) };
    } catch (error) {
      if (!(error instanceof ResponseShapeError)) throw error;
      return { ok: false, error: { code: "UNREADABLE_ANSWER", message: error.message, field: null } };
    }
  }
  const error = await readErrorBody(response);
  if (!steppedUp && error.code === "STEP_UP_REQUIRED" && (await askForStepUp(new ApiRequestError(response.status, error)))) {
    return postConsole(path, body, schema, true);
  }
  return {
    ok: false,
    error: { code: error.code ?? "ERROR", message: error.message ?? `The request failed (HTTP ${response.status}).`, field: error.field ?? null },
  };
}

export function operationPath(action: ConsoleAction): `/api/operations/${ConsoleAction}` {
  return `/api/operations/${action}`;
}
