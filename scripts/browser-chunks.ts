// Fails when a browser chunk of a Next build carries a Node polyfill: a module that reached the browser imports a
// Node builtin (node:crypto, Buffer, stream, path) and Next bundled a browserify stand-in for it (the webhooks pages
// once shipped ~490 kB this way). Run after `next build`: `tsx scripts/browser-chunks.ts [distDir]`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Strings each polyfill's own source carries (scripts/browser-chunks.test.ts checks them against node_modules). */
export const POLYFILL_MARKERS: Readonly<Record<string, readonly string[]>> = {
  "crypto-browserify": ["sha224WithRSAEncryption", "Unsupported state or unable to authenticate data"],
  buffer: ["Attempt to allocate Buffer larger than maximum ", "Trying to access beyond buffer length"],
  "stream-browserify": ["ERR_STREAM_PUSH_AFTER_EOF"],
  "path-browserify": ["Path must be a string. Received"],
};

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith(".js")) yield full;
  }
}

/** Every (chunk, polyfill) pair found under `<distDir>/static/chunks`. */
export function findNodePolyfills(distDir: string): Array<{ chunk: string; polyfill: string }> {
  const found: Array<{ chunk: string; polyfill: string }> = [];
  for (const file of files(path.join(distDir, "static", "chunks"))) {
    const text = readFileSync(file, "utf8");
    for (const [polyfill, markers] of Object.entries(POLYFILL_MARKERS)) {
      if (markers.some((m) => text.includes(m))) found.push({ chunk: path.relative(distDir, file), polyfill });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
  const found = findNodePolyfills(distDir);
  for (const { chunk, polyfill } of found) console.error(`${chunk}: carries ${polyfill}`);
  if (found.length > 0) {
    console.error(
      `${found.length} browser chunk(s) carry a Node polyfill: a client module imports a Node builtin, directly or through a lib/server ` +
        "module. npm run deps names the import.",
    );
    process.exit(1);
  }
  console.log(`no Node polyfill in ${distDir}/static/chunks`);
}
