import "server-only";

/**
 * A start-up that cannot succeed however often it is retried: the server exits with this
 * message (instrumentation.ts) rather than answer 503 for ever.
 */
export class EmbeddedPostgresSetupError extends Error {
  override name = "EmbeddedPostgresSetupError";
}

/**
 * Ends the process with the message of a start-up that can never succeed (instrumentation.ts),
 * rather than answer 503 for ever; any other error is left to the caller's retries.
 */
export function exitIfHopeless(error: unknown): void {
  // By name: bundling may give the instrumentation hook its own copy of this module's class.
  if (!(error instanceof Error) || error.name !== "EmbeddedPostgresSetupError") return;
  console.error(`Harbour cannot start: ${error.message}`);
  process.exit(1);
}
