import { defineConfig } from "@playwright/test";

/**
 * The API specs that start servers of their own (killed and restarted, their database stopped, started from another
 * folder): no browser and none of the suite's shared servers, so `npm test` runs them beside the integration files,
 * after the cluster specs, where a core is left idle (docs/testing.md), and the browser suite leaves them out
 * (playwright.config.ts). Alone: `npx playwright test --config playwright.servers.config.ts`.
 */
export const OWN_SERVER_SPECS = ["**/api/*restart.spec.ts", "**/api/start-anywhere.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  testMatch: OWN_SERVER_SPECS,
  outputDir: "test-results-servers",
  fullyParallel: false,
  workers: 1,
  timeout: 240_000,
  retries: 0,
  reporter: [["list"]],
});
