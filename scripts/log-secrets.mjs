// The check that a server's log holds no secret (issue 15, "secrets and tokens never logged"):
// run on the log of the cluster layer (scripts/test-cluster.mjs) and of the whole single-server
// Playwright run (e2e/global-teardown.ts).

/** The UAT demo's published credentials: client secrets and the portal password (decisions §9). */
export const DEMO_SECRETS = ["acme-uat-secret", "globex-uat-secret", "initech-uat-secret", "demo-password"];

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/;

/**
 * What of `secrets`, and whether any bearer token (a JWT of any kind), the log text holds, and
 * how many request lines it has: a log without them would prove nothing.
 */
export function scanLog(text, secrets = DEMO_SECRETS) {
  const found = secrets.filter((s) => text.includes(s));
  if (JWT.test(text)) found.push("a JWT");
  const requestLines = text.split("\n").filter((line) => line.includes('"msg":"request"')).length;
  return { found, requestLines };
}

/** One line saying what was found, or null when the log is clean (and has request lines, unless a run may make none). */
export function logProblem(file, { found, requestLines }, { requireRequests = true } = {}) {
  if (found.length > 0) return `server log (${file}) contains: ${found.join(", ")}`;
  if (requireRequests && requestLines === 0) return `server log (${file}) has no request lines: the log check would prove nothing`;
  return null;
}
