const HOME = "/dashboard";
/** A base no real request has: only what resolves against it and stays on it is a path of ours. */
const PROBE_ORIGIN = "https://portal.invalid";

/**
 * Only same-origin paths are followed after sign-in, never a full URL someone
 * put in the link. The value is resolved the way a browser would (tabs and
 * line breaks dropped, `\` read as `/`, `//host` as another host), kept only
 * if it stays on our origin, and returned in its serialised form: ASCII,
 * percent-encoded, so it can go in a Location header as is.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/")) return HOME;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("/login") || url.pathname.startsWith("/api/")) return HOME;
  // Dot segments are resolved away (`/.//evil`, `/x/..//evil`, `/%2e//evil`), which can leave a path that begins
  // `//`: on our origin here, but a browser given it as a Location reads another host.
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
