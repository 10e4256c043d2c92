import { existsSync, readFileSync } from "node:fs";
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from "./fixtures/portal";
import { SERVER_LOG } from "../playwright.config";
import { DEMO_SECRETS, logProblem, scanLog } from "../scripts/log-secrets.mjs";

/**
 * Issue 15: secrets and tokens never reach the log. After the run, the server's whole log is
 * searched for the demo credentials (client secrets, the portal password, the authenticator
 * secrets) and for any bearer token. A run of a few specs may log no API request, so only the
 * secrets are required to be absent then.
 */
export default function globalTeardown(): void {
  if (!existsSync(SERVER_LOG)) throw new Error(`the server's log ${SERVER_LOG} is missing: the secret check would prove nothing`);
  const scan = scanLog(readFileSync(SERVER_LOG, "utf8"), [...DEMO_SECRETS, DEMO_PASSWORD, ...Object.values(DEMO_TOTP_SECRETS)]);
  const problem = logProblem(SERVER_LOG, scan, { requireRequests: false });
  if (problem) throw new Error(problem);
  console.log(`server log: ${scan.requestLines} request lines, no secret or token in them (${SERVER_LOG})`);
}
