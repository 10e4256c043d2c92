import { defineConfig } from "@playwright/test";

/**
 * The API e2e specs and the cluster specs (e2e/cluster), run by
 * scripts/test-cluster.mjs through HAProxy against 2 servers of
 * `npm run cluster` (it starts the cluster and sets CLUSTER_BASE_URL and
 * CLUSTER_STATE_FILE). The restart specs and start-anywhere (issue 16) start
 * servers of their own on the embedded database and stay in the single-server run. The API specs
 * are quick (seconds) and are the only check of what the balancer answers to bad input, and of the
 * OpenAPI document's server address behind it, so they run here as well (docs/testing.md).
 *
 * `npm test` runs this beside the single-server suite, so its artifacts have a folder of their own
 * (Playwright wipes its output folder at start).
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: ["api/**/*.spec.ts", "cluster/**/*.spec.ts"],
  testIgnore: ["**/api/*restart.spec.ts", "**/api/start-anywhere.spec.ts"],
  outputDir: "test-results-cluster",
  fullyParallel: false,
  workers: 1,
  timeout: 180_000,
  retries: 0,
  reporter: [["list"]],
  use: { baseURL: process.env.CLUSTER_BASE_URL ?? "http://localhost:3160" },
});
