import "server-only";
/**
 * Group commit in the app: calls that arrive while earlier ones are in
 * flight go together in one call of `run` (one round trip and one commit for
 * many). At most `maxInFlight` runs at a time; a call beyond that waits and
 * joins the next run, up to `maxBatch` items. Under light load every call
 * runs at once, alone, so batching adds no latency until there is a queue.
 *
 * `run` answers one result per item, in order; an item's own failure is its
 * result (the caller decides how to surface it), while a failed `run` fails
 * every item of that run.
 */
export function microBatch<I, R>(run: (items: I[]) => Promise<R[]>, limits: { maxInFlight: number; maxBatch: number }): (item: I) => Promise<R> {
  type Waiting = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  const settle = (batch: Waiting[], results: R[]) => {
    if (results.length !== batch.length) throw new Error(`micro-batch: ${results.length} results for ${batch.length} items`);
    batch.forEach((waiting, i) => waiting.resolve(results[i]!));
  };

  const pump = () => {
    while (inFlight < limits.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, limits.maxBatch);
      inFlight++;
      run(batch.map((waiting) => waiting.item))
        .then((results) => settle(batch, results))
        .catch((error: unknown) => batch.forEach((waiting) => waiting.reject(error)))
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
