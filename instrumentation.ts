/**
 * Runs once when the server process starts (never during `next build`): opens
 * the database and starts the background worker, unless WORKER_ENABLED=0.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.WORKER_ENABLED === "0") return;
  const { startWorker } = await import("@/lib/server/jobs/start");
  const attempt = () =>
    startWorker().catch((error: unknown) => {
      // The database may still be starting: keep trying rather than run without a worker.
      console.error("[worker] could not start, retrying in 5 s:", error instanceof Error ? error.message : error);
      setTimeout(attempt, 5000).unref();
    });
  void attempt();
}
