import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "./test-report.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "harbour-reports-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, report: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

describe("the failing tests named at the end of npm test", () => {
  it("names each failing vitest test by file and full name with its error's first line, and a file that did not load", () => {
    const file = write("vitest.json", {
      testResults: [
        {
          name: `${process.cwd()}/lib/a.test.ts`,
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "rule holds", status: "passed", failureMessages: [] },
            { fullName: "rule breaks", status: "failed", failureMessages: ["\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at line 3"] },
          ],
        },
        { name: `${process.cwd()}/lib/b.int.test.ts`, status: "failed", message: "\nError: Cannot find module 'x'\n  stack", assertionResults: [] },
        { name: `${process.cwd()}/lib/c.test.ts`, status: "passed", message: "", assertionResults: [{ fullName: "fine", status: "passed" }] },
      ],
    });
    expect(vitestFailures(file)).toEqual([
      "lib/a.test.ts › rule breaks: AssertionError: expected 1 to be 2",
      "lib/b.int.test.ts: Error: Cannot find module 'x'",
    ]);
  });

  it("names each unexpected or flaky Playwright test with its project, file and describe titles", () => {
    const file = write("playwright.json", {
      suites: [
        {
          title: "ui/roles.spec.ts",
          specs: [],
          suites: [
            {
              title: "roles",
              specs: [
                {
                  title: "an admin gets a token",
                  file: "ui/roles.spec.ts",
                  tests: [
                    { projectName: "desktop", status: "unexpected", results: [{ error: { message: "Error: expect(locator).toHaveText failed\nmore" } }] },
                  ],
                },
                { title: "a viewer is refused", file: "ui/roles.spec.ts", tests: [{ projectName: "desktop", status: "expected", results: [{}] }] },
              ],
            },
          ],
        },
      ],
    });
    expect(playwrightFailures(file)).toEqual(["[desktop] e2e/ui/roles.spec.ts › roles › an admin gets a token: Error: expect(locator).toHaveText failed"]);
  });

  it("names nothing when a report is missing: its count already says the layer failed", () => {
    expect(vitestFailures(path.join(dir, "none.json"))).toEqual([]);
    expect(playwrightFailures(path.join(dir, "none.json"))).toEqual([]);
  });
});
