// What the test reports say: counts and the failing tests' names (scripts/test.mjs prints them at the end of a run).
import { readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

export function counts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** The first line of an error, without terminal colours: enough to name the failure in a summary. */
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? "";

/** Each failing test of a vitest JSON report (a file that failed to load counts as one), as "file › name: error". */
export function vitestFailures(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return report.testResults.flatMap((suite) => {
      const where = suite.name.replace(`${process.cwd()}/`, "");
      const tests = suite.assertionResults.filter((t) => t.status === "failed").map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      return tests.length || suite.status !== "failed" ? tests : [`${where}: ${firstLine(suite.message)}`];
    });
  } catch {
    return [];
  }
}

/** Each failing or flaky test of Playwright's JSON report, as "[project] file › title: error". */
export function playwrightFailures(file) {
  try {
    // A describe block is a suite inside the file's suite: its title joins the test's.
    const walk = (suite, titles) => [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests
          .filter((t) => t.status === "unexpected" || t.status === "flaky")
          .map(
            (t) => `[${t.projectName}] e2e/${spec.file} › ${[...titles, spec.title].join(" › ")}: ${firstLine(t.results.find((r) => r.error)?.error?.message)}`,
          ),
      ),
      ...(suite.suites ?? []).flatMap((inner) => walk(inner, [...titles, inner.title])),
    ];
    return JSON.parse(readFileSync(file, "utf8")).suites.flatMap((fileSuite) => walk(fileSuite, []));
  } catch {
    return [];
  }
}
