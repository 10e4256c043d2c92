import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findNodePolyfills, POLYFILL_MARKERS } from "./browser-chunks";

const require = createRequire(import.meta.url);
const dist = mkdtempSync(path.join(tmpdir(), "browser-chunks-"));
const chunks = path.join(dist, "static", "chunks");
mkdirSync(path.join(chunks, "app"), { recursive: true });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("browser chunk check", () => {
  // Each polyfill's real source, as Next would bundle it: the markers must be in it, or the check proves nothing.
  it.each(Object.keys(POLYFILL_MARKERS))("finds %s in a chunk that bundles it", (polyfill) => {
    const source = readFileSync(require.resolve(`next/dist/compiled/${polyfill}`), "utf8");
    const chunk = path.join(chunks, "app", `${polyfill}.js`);
    writeFileSync(chunk, `(self.webpackChunk=self.webpackChunk||[]).push([[1],{1:function(e){${source}}}]);`);
    try {
      expect(findNodePolyfills(dist)).toContainEqual({ chunk: path.join("static", "chunks", "app", `${polyfill}.js`), polyfill });
    } finally {
      rmSync(chunk);
    }
  });

  it("passes chunks of React and the app's own code", () => {
    const reactDom = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-client.production.js");
    writeFileSync(path.join(chunks, "react.js"), readFileSync(reactDom, "utf8"));
    writeFileSync(path.join(chunks, "zod.js"), readFileSync(require.resolve("zod"), "utf8"));
    expect(findNodePolyfills(dist)).toEqual([]);
  });
});
