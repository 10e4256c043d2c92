import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The portal reads bodies only through read-json.ts (docs/portal.md): the repository's own ESLint configuration
 * refuses a reintroduced cast of a response body, in the places the portal's clients live.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const PRELUDE = `import { getAccountOperation } from "@/lib/contract/accounts/operations";\nimport { apiJson } from "@/lib/portal/shared/api-client";\ntype TAccount = { accountNumber: string };\n`;

describe("no cast of a response body in the portal", () => {
  // Loading the configuration (typescript-eslint, the Next plugin) takes seconds on a busy machine: once, up front.
  beforeAll(() => eslint.calculateConfigForFile("lib/portal/accounts/example-api.ts"), 120_000);

  it("refuses `(await response.json()) as T` in a portal client", async () => {
    const code = `${PRELUDE}export async function read(response: Response): Promise<TAccount> {\n  return (await response.json()) as TAccount;\n}\n`;
    expect(await refusals(code, "lib/portal/accounts/example-api.ts")).toEqual([expect.stringMatching(/never response\.json\(\)/)]);
  });

  it("refuses an error body read with .json() in a component", async () => {
    const code = `export async function read(response: Response) {\n  const body = await response.json().catch(() => ({}));\n  return body;\n}\n`;
    expect(await refusals(code, "components/accounts/example.tsx")).toHaveLength(1);
  });

  it("refuses a type argument telling apiJson what came back", async () => {
    const code = `${PRELUDE}export const read = () => apiJson<TAccount>(getAccountOperation, { params: { path: { accountNumber: "1" } } });\n`;
    expect(await refusals(code, "lib/portal/accounts/example-api.ts")).toEqual(["The schema passed says what a reader returns: no type argument."]);
  });

  it("lets the schema-driven reader through", async () => {
    const code = `${PRELUDE}export const read = () => apiJson(getAccountOperation, { params: { path: { accountNumber: "1" } } });\n`;
    expect(await refusals(code, "lib/portal/accounts/example-api.ts")).toEqual([]);
  });

  it("refuses a raw fetch to the API, however its path is written, in a client or a component", async () => {
    const calls = [
      `fetch("/v1/accounts/1")`,
      `fetch(\`/v1/accounts/\${n}\`, { method: "POST" })`,
      `window.fetch("/v2/virtual-accounts")`,
      `fetch(getAccountOperation.path)`,
      `fetch(new Request("/v1/accounts"))`,
    ];
    for (const call of calls) {
      const code = `${PRELUDE}export const read = (n: string) => ${call};\n`;
      expect(await refusals(code, "components/accounts/example.tsx"), call).toEqual([expect.stringMatching(/through the SDK's client/)]);
    }
  });

  it("leaves the portal's own routes to fetch", async () => {
    const code = `${PRELUDE}export const mint = () => fetch("/api/portal/token", { method: "POST" });\n`;
    expect(await refusals(code, "lib/portal/shared/example.ts")).toEqual([]);
  });
});
