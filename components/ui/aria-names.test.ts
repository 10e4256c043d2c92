import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * axe's aria-prohibited-attr (serious): a div or span has no role that takes a name, so aria-label on it is refused
 * (a loading placeholder named that way failed the dashboard's check whenever it was still on the page). The
 * repository's own ESLint configuration refuses it in the portal's markup.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: "components/ui/example.tsx" });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("a name only where the role takes one", () => {
  beforeAll(() => eslint.calculateConfigForFile("components/ui/example.tsx"), 120_000);

  it("refuses aria-label on a div or span without a role", async () => {
    expect(await refusals(`export const A = () => <div aria-busy="true" aria-label="Loading">…</div>;\n`)).toEqual([
      expect.stringMatching(/may not carry aria-label/),
    ]);
    expect(await refusals(`export const B = ({ n }: { n: number }) => <span aria-label={\`\${n} waiting\`}>{n}</span>;\n`)).toHaveLength(1);
  });

  it("lets a loading status and a named landmark through", async () => {
    expect(await refusals(`export const A = () => <div role="status" aria-busy="true" aria-label="Loading">…</div>;\n`)).toEqual([]);
    expect(await refusals(`export const B = () => <section aria-label="Balances">…</section>;\n`)).toEqual([]);
  });
});
