import { ApiRequestError, askForStepUp } from "@/lib/portal/shared/api-client";
import type { ConsoleAction, ConsoleError } from "@/lib/contract/ops/console";

export type ConsoleResult<T> = { ok: true; data: T } | { ok: false; error: ConsoleError };

/**
 * Posts one console action (or the set-password form) and returns its answer
 * or its refusal, never throws for a refusal. An action that asks for the
 * second factor again (a role change) is retried once after the prompt.
 */
export async function postConsole<T>(
  path: `/api/operations/${ConsoleAction}` | "/api/password-links",
  body: unknown,
  steppedUp = false,
): Promise<ConsoleResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return {
      ok: false,
      error: { code: "NETWORK", message: "The bank could not be reached. Check your connection and try again; nothing was changed.", field: null },
    };
  }
  const payload = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, data: payload as T };
  const error = payload as Partial<ConsoleError> | null;
  if (!steppedUp && error?.code === "STEP_UP_REQUIRED" && (await askForStepUp(new ApiRequestError(response.status, { ...error })))) {
    return postConsole(path, body, true);
  }
  return {
    ok: false,
    error: { code: error?.code ?? "ERROR", message: error?.message ?? `The request failed (HTTP ${response.status}).`, field: error?.field ?? null },
  };
}

export function operationPath(action: ConsoleAction): `/api/operations/${ConsoleAction}` {
  return `/api/operations/${action}`;
}
