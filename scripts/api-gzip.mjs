// Gzip for the adapter's JSON and CSV answers (docs/api-adapter.md, Compression): which answers, which clients, how.
import { constants, createGzip, gzip } from "node:zlib";

/**
 * Gzip for JSON and CSV answers of at least this many bytes when the client accepts it (docs/api-adapter.md,
 * Compression): below it the header and the CPU outweigh the bytes saved. Streamed answers are compressed as they go.
 */
export const GZIP_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/csv)\s*(?:;|$)/i;
/** The fastest level: about three quarters of the bytes saved for a fraction of the default level's CPU. */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };
/** Whether an Accept-Encoding header accepts gzip: named (or `*`) with a q-value above 0 (RFC 9110 §12.5.3). */
export function acceptsGzip(header) {
  if (!header) return false;
  let star = false;
  for (const part of String(header).toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") star = accepted;
  }
  return star;
}

/** Gzip applies to this answer's type when it carries no encoding of its own; the answer then varies by Accept-Encoding. */
export function compressible(res) {
  const type = res.getHeader("content-type");
  if (!type || !COMPRESSIBLE.test(String(type)) || res.hasHeader("content-encoding")) return false;
  const vary = res.getHeader("vary");
  if (!vary) res.setHeader("vary", "Accept-Encoding");
  else if (!/accept-encoding|\*/i.test(String(vary))) res.setHeader("vary", `${vary}, Accept-Encoding`);
  return true;
}

export function gzipped(body) {
  return new Promise((resolve, reject) => gzip(body, GZIP_OPTIONS, (error, out) => (error ? reject(error) : resolve(out))));
}

export function createGzipStream() {
  return createGzip(GZIP_OPTIONS);
}
