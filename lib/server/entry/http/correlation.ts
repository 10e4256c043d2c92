import "server-only";
import { randomUUID } from "node:crypto";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo the caller's X-Correlation-Id when it is safe to log and return; otherwise mint one. */
export function correlationIdOf(headers: Headers): string {
  const given = headers.get("x-correlation-id");
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
