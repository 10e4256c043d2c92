import { existsSync, readFileSync } from "node:fs";
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from "./fixtures/portal";
import { SERVERS } from "./fixtures/servers";
import { DEMO_SECRETS, logProblem, scanLog } from "../scripts/log-secrets.mjs";

/**
 * Issue 15: secrets and tokens never reach the log. After the run, every server's whole log
 * (one server per worker) is searched for the demo credentials (client secrets, the portal
 * password, the authenticator secrets) and for any bearer token. A run of a few specs may log
 * no API request on a server, so only the secrets are required to be absent then.
 */
export default function globalTeardown(): void {
  const problems: string[] = [];
  for (const { log } of SERVERS) {
    if (!existsSync(log)) {
      problems.push(`the server's log ${log} is missing: the secret check would prove nothing`);
      continue;
    }
    const scan = scanLog(readFileSync(log, "utf8"), [...DEMO_SECRETS, DEMO_PASSWORD, ...Object.values(DEMO_TOTP_SECRETS)]);
    const problem = logProblem(log, scan, { requireRequests: false });
    if (problem) problems.push(problem);
    else console.log(`server log: ${scan.requestLines} request lines, no secret or token in them (${log})`);
  }
  if (problems.length) throw new Error(problems.join("\n"));
}
