import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (docs/cluster.md, Metrics). One
 * registry per process, on globalThis because Next may load this module once
 * per route bundle. Gauges that describe the shared database (queue, webhook
 * backlog) are read at scrape time by lib/server/core/observability/scrape.ts.
 */
export type Metrics = ReturnType<typeof createMetrics>;

function createMetrics() {
  const registry = new Registry();
  // Process CPU and memory, GC, and nodejs_eventloop_lag_* (event-loop lag).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "harbour_http_requests_total",
      help: "API requests by operation and status",
      labelNames: ["operation", "status"],
      registers,
    }),
    requestSeconds: new Histogram({
      name: "harbour_http_request_duration_seconds",
      help: "API request latency by operation and status",
      labelNames: ["operation", "status"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({ name: "harbour_rate_limit_rejections_total", help: "Requests answered 429 RATE_LIMITED", labelNames: ["operation"], registers }),
    replays: new Counter({
      name: "harbour_idempotent_replays_total",
      help: "Responses replayed for a repeated Idempotency-Key",
      labelNames: ["operation"],
      registers,
    }),
    jobSeconds: new Histogram({
      name: "harbour_job_duration_seconds",
      help: "Background task run time by kind and outcome",
      labelNames: ["kind", "outcome"],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
    queueDepth: new Gauge({ name: "harbour_queue_due_tasks", help: "Tasks due and not leased, by kind", labelNames: ["kind"], registers }),
    queueOldest: new Gauge({ name: "harbour_queue_oldest_due_seconds", help: "Age of the oldest due task, by kind", labelNames: ["kind"], registers }),
    webhookBacklog: new Gauge({
      name: "harbour_webhook_backlog",
      help: "Deliveries pending per subscription",
      labelNames: ["client_id", "subscription_id"],
      registers,
    }),
    webhookFailures: new Gauge({
      name: "harbour_webhook_failed_last_day",
      help: "Deliveries that failed for good in the last 24 hours, per subscription",
      labelNames: ["client_id", "subscription_id"],
      registers,
    }),
    poolConnections: new Gauge({
      name: "harbour_db_pool_connections",
      help: "Database pool connections by pool and state",
      labelNames: ["pool", "state"],
      registers,
    }),
    instances: new Gauge({ name: "harbour_instances_alive", help: "Server instances whose worker beat in the last 30 s", registers }),
  };
}

const METRICS = Symbol.for("harbour.metrics");
type Holder = { [METRICS]?: Metrics };

export function metrics(): Metrics {
  const holder = globalThis as Holder;
  return (holder[METRICS] ??= createMetrics());
}
