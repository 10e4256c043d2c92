import "server-only";
import { ApiError } from "@/lib/contract/http/errors";

/** Small JSON bodies of the console's routes: never cached, never shared between users. */
export function consoleJson(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: { "cache-control": "private, no-store" } });
}

const MAX_BODY_BYTES = 64 * 1024;

/** A JSON object of at most 64 KiB, or a 400 that says so. */
export async function readConsoleBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE", "The request is too large.");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The request is not valid JSON.");
  }
}
