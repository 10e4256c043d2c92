/**
 * Runs once when the server process starts (never during `next build`): opens
 * the database and starts the background worker, unless WORKER_ENABLED=0.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // An embedded PostgreSQL that cannot start however often it is tried ends the process with one message.
  const { exitIfHopeless } = await import("@/lib/server/core/db/embedded");
  if (process.env.WORKER_ENABLED === "0") {
    const { resolveDatabaseUrl } = await import("@/lib/server/core/db/pool");
    // Other failures are the requests' to report (503 until the database answers).
    void resolveDatabaseUrl().catch(exitIfHopeless);
    return;
  }
  const { startWorker } = await import("@/lib/server/entry/jobs/start");
  const attempt = () =>
    startWorker().catch((error: unknown) => {
      exitIfHopeless(error);
      // The database may still be starting: keep trying rather than run without a worker.
      console.error("[worker] could not start, retrying in 5 s:", error instanceof Error ? error.message : error);
      setTimeout(attempt, 5000).unref();
    });
  void attempt();
}
