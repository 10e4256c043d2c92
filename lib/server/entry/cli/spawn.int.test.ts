import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/**
 * The command-line contract as outside tests use it (issue 12): the real
 * `node scripts/ops.mjs ... --json` and `npm run ops -- ... --json`, as
 * separate processes, before any server has started, on a fresh DATA_DIR
 * (the embedded PostgreSQL is created, migrated and stopped again by the
 * command). Stdout must be exactly one JSON object: npm's own banner would
 * break that, which the repository's .npmrc (loglevel=silent) prevents.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const DATA_DIR = path.join(ROOT, `${process.env.TEST_DATA_DIR ?? ".data/test"}-ops-spawn-${randomUUID().slice(0, 8)}`);

function env(): NodeJS.ProcessEnv {
  // The integration setup points DATABASE_URL at its own database: the command must find the embedded one instead.
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, DATA_DIR, APP_ENV: "production", PUBLIC_BASE_URL: "http://localhost:3999", NODE_ENV: "production" };
}

function oneJsonObject(stdout: string): Record<string, unknown> {
  expect(stdout.trim().split("\n")).toHaveLength(1);
  const parsed: unknown = JSON.parse(stdout);
  expect(parsed).toBeTypeOf("object");
  expect(Array.isArray(parsed)).toBe(false);
  return parsed as Record<string, unknown>;
}

afterAll(async () => {
  await rm(DATA_DIR, { recursive: true, force: true });
});

describe("npm run ops as a separate process on a fresh DATA_DIR", () => {
  it(
    "node scripts/ops.mjs creates a client before any server exists, printing one JSON object; npm run ops then lists it the same way",
    { timeout: 240_000 },
    async () => {
      const created = await run(
        process.execPath,
        ["scripts/ops.mjs", "client", "create", "--id", "first", "--name", "First Ltd", "--cif", "100", "--signing", "hmac", "--json"],
        {
          cwd: ROOT,
          env: env(),
        },
      );
      const json = oneJsonObject(created.stdout);
      expect(Object.keys(json).sort()).toEqual(["clientId", "clientSecret"]);
      expect(json.clientId).toBe("first");

      const listed = await run("npm", ["run", "ops", "--", "client", "list", "--json"], { cwd: ROOT, env: env() });
      const list = oneJsonObject(listed.stdout);
      expect(list).toMatchObject({ clients: [expect.objectContaining({ clientId: "first" })] });

      // Refused: exit 1, still one JSON object on stdout, the message on stderr.
      const refused = await run(
        process.execPath,
        ["scripts/ops.mjs", "client", "create", "--id", "first", "--name", "Again", "--cif", "100", "--signing", "rsa", "--json"],
        {
          cwd: ROOT,
          env: env(),
        },
      ).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(oneJsonObject(refused!.stdout)).toMatchObject({ error: { code: "ALREADY_EXISTS" } });
      expect(refused!.stderr).toMatch(/refused/);
    },
  );
});
