import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `server-only` throws outside a React server bundle; tests and scripts run server modules directly. */
const alias = {
  "@": fileURLToPath(new URL("./", import.meta.url)),
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

/**
 * Unit tests sit beside the code as `*.test.ts`. Integration tests are
 * `*.int.test.ts`: they run once on the embedded PostgreSQL and, when
 * TEST_DATABASE_URL is set, once more on that server.
 */
const integration = (name: string, target: "embedded" | "external") => ({
  resolve: { alias },
  test: {
    name,
    include: ["lib/**/*.int.test.ts", "app/**/*.int.test.ts", "tests/**/*.int.test.ts"],
    globalSetup: ["./tests/global-setup.ts"],
    setupFiles: ["./tests/setup-database.ts"],
    provide: { dbTarget: target },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks" as const,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time (both cores of the 2-core CI machine; Vitest's default there is one). Each integration
    // file has a database of its own (tests/setup-database.ts), so files never share rows; TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "sdk/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      integration("integration", "embedded"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-external", "external")] : []),
    ],
  },
});
