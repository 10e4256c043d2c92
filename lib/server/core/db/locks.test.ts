import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_NAMESPACES, LOCKS } from "@/lib/server/core/db/locks";

const ROOT = path.resolve(__dirname, "../../..");
const INT4_MAX = 2 ** 31 - 1;

function sourceFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => pattern.test(f))
    .map((f) => path.join(dir, f));
}

/** Literal lock ids written in a file: our 7_270 numbers, and any number passed straight to an advisory-lock call. */
function literalLockIds(text: string): number[] {
  const ours = [...text.matchAll(/\b7_?270_?\d{3}\b/g)].map((m) => m[0]);
  const direct = [...text.matchAll(/advisory_(?:xact_)?lock(?:_shared)?\(\s*(\d[\d_]*)/g)].map((m) => m[1]!);
  return [...ours, ...direct].map((n) => Number(n.replaceAll("_", "")));
}

describe("advisory-lock registry", () => {
  const ids = Object.values(LOCKS);
  const namespaces = Object.values(LOCK_NAMESPACES);

  it("gives every lock its own id, in both key spaces and across them", () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    expect(ids.filter((id) => (namespaces as readonly number[]).includes(id))).toEqual([]);
  });

  it("keeps ids positive integers, namespaces within int4", () => {
    for (const id of [...ids, ...namespaces]) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    for (const ns of namespaces) expect(ns).toBeLessThanOrEqual(INT4_MAX);
  });

  it("is the only place in lib/ that writes a lock id", () => {
    const offenders = sourceFiles("lib", /\.tsx?$/)
      .filter((f) => !/\.test\.tsx?$/.test(f) && f !== path.join("lib", "server", "core", "db", "locks.ts"))
      .filter((f) => literalLockIds(readFileSync(path.join(ROOT, f), "utf8")).length > 0);
    expect(offenders).toEqual([]);
  });

  it("lists every id the current SQL functions take (migrations/functions/)", () => {
    const known = new Set<number>([...ids, ...namespaces]);
    const unknown = sourceFiles(path.join("migrations", "functions"), /\.sql$/).flatMap((f) =>
      literalLockIds(readFileSync(path.join(ROOT, f), "utf8"))
        .filter((id) => !known.has(id))
        .map((id) => `${f}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it("finds literal ids the way the checks above rely on", () => {
    expect(literalLockIds('query("SELECT pg_advisory_xact_lock($1)", [7_270_012])')).toEqual([7270012]);
    expect(literalLockIds("WHILE NOT pg_try_advisory_xact_lock(7270002, hashtext(x)) LOOP")).toEqual([7270002, 7270002]);
    expect(literalLockIds("SELECT pg_advisory_lock(42)")).toEqual([42]);
    expect(literalLockIds('query("SELECT pg_advisory_lock($1)", [LOCKS.migrations])')).toEqual([]);
  });
});
