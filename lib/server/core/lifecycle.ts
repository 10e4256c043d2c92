import "server-only";

/**
 * The process's shutdown state, shared between scripts/server.mjs (which owns
 * the listener and the signals) and the app's modules (which own the worker
 * and the pools). Both reach it through this global symbol because the entry
 * script is plain JavaScript outside Next's bundles, and Next may load a
 * module once per route bundle.
 *
 * On SIGTERM the entry sets `draining` (so /readyz answers 503 at once and the
 * balancer takes the instance out), stops accepting, lets in-flight requests
 * finish, then runs the shutdown hooks in registration order.
 */
export type ShutdownHook = {
  /** Lower runs first: the worker stops (0) before the pools close (1). */
  order: number;
  run: (graceMs: number) => Promise<void>;
};

export type Lifecycle = { draining: boolean; shutdownHooks: ShutdownHook[] };

const LIFECYCLE = Symbol.for("harbour.lifecycle");
type Holder = { [LIFECYCLE]?: Lifecycle };

export function lifecycle(): Lifecycle {
  return ((globalThis as Holder)[LIFECYCLE] ??= { draining: false, shutdownHooks: [] });
}

export function isDraining(): boolean {
  return lifecycle().draining;
}

export const SHUTDOWN_ORDER = { stopWork: 0, closePools: 1 } as const;

/** Registers work for a graceful stop; scripts/server.mjs runs the hooks by `order`, each given the grace left. */
export function onShutdown(order: number, run: (graceMs: number) => Promise<void>): void {
  const hooks = lifecycle().shutdownHooks;
  // The runtime may be reopened (tests); its close hook is one function, registered once.
  if (!hooks.some((hook) => hook.run === run)) hooks.push({ order, run });
}
