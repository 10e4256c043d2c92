import "server-only";
/**
 * `Accept` negotiation (RFC 9110 §12.5.1, decisions §4): the caller offers the
 * media types an endpoint can produce and gets back the one to send, or null
 * for a 406.
 */

type MediaRange = { type: string; subtype: string; q: number; specificity: number };

/** RFC 9110 `token` characters, used to reject garbage instead of guessing at it. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * RFC 9110 only allows `0`, `0.xxx` and `1`, `1.000`, but widely deployed
 * clients send `.5` (the JDK sends `*; q=.2`), so any decimal in [0, 1] counts.
 */
const QVALUE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Picks the best of `offered` for an `Accept` header value.
 *
 * - A missing or blank header accepts anything, so the first offer wins.
 * - Each offer takes the q of the most specific range matching it
 *   (`text/csv` beats `text/*` beats the full wildcard), so
 *   `text/*, text/csv;q=0` excludes CSV. q=0 means "not acceptable".
 * - Highest q wins; ties go to the offer matched by the more specific range,
 *   then to the earlier offer.
 * - Parameters other than q are ignored; matching is case-insensitive.
 * - Unparseable members are skipped; a header with no usable member accepts
 *   nothing, so garbage gets a 406 rather than a guessed format.
 */
export function negotiate(accept: string | null, offered: readonly string[]): string | null {
  if (offered.length === 0) return null;
  if (accept === null || accept.trim() === "") return offered[0] ?? null;

  const ranges = parseAccept(accept);
  let best: { offer: string; q: number; specificity: number } | null = null;

  for (const offer of offered) {
    const match = bestRangeFor(offer, ranges);
    if (match === null || match.q <= 0) continue;
    if (best === null || match.q > best.q || (match.q === best.q && match.specificity > best.specificity)) {
      best = { offer, q: match.q, specificity: match.specificity };
    }
  }
  return best?.offer ?? null;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const member of header.split(",")) {
    const range = parseMediaRange(member);
    if (range !== null) ranges.push(range);
  }
  return ranges;
}

function parseMediaRange(member: string): MediaRange | null {
  const [rawType = "", ...params] = member.split(";");
  const mediaType = rawType.trim().toLowerCase();
  if (mediaType === "") return null;

  let type: string;
  let subtype: string;
  if (mediaType === "*") {
    // Old clients (the JDK's HttpURLConnection) send a bare `*` for "anything".
    type = "*";
    subtype = "*";
  } else {
    const slash = mediaType.indexOf("/");
    if (slash < 0) return null;
    type = mediaType.slice(0, slash);
    subtype = mediaType.slice(slash + 1);
  }
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return null;
  if (type === "*" && subtype !== "*") return null;

  let q = 1;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== "q") continue;
    const value = param.slice(eq + 1).trim();
    if (!QVALUE.test(value)) return null;
    q = Number(value);
    if (q > 1) return null;
  }

  const specificity = type === "*" ? 0 : subtype === "*" ? 1 : 2;
  return { type, subtype, q, specificity };
}

function bestRangeFor(offer: string, ranges: readonly MediaRange[]): { q: number; specificity: number } | null {
  const [offerType = "", offerSubtype = ""] = (offer.split(";")[0] ?? "").trim().toLowerCase().split("/");
  let best: { q: number; specificity: number } | null = null;

  for (const range of ranges) {
    const matches = range.specificity === 0 || (range.type === offerType && (range.specificity === 1 || range.subtype === offerSubtype));
    if (!matches) continue;
    // A more specific range overrides a less specific one outright; among
    // equally specific duplicates the most generous q is the client's intent.
    if (best === null || range.specificity > best.specificity || (range.specificity === best.specificity && range.q > best.q)) {
      best = { q: range.q, specificity: range.specificity };
    }
  }
  return best;
}
