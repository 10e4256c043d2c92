import { describe, expect, it } from "vitest";
import { logProblem, scanLog } from "./log-secrets.mjs";

const request = '{"level":30,"msg":"request","operation":"getAccount","status":200}';

describe("the log secret check", () => {
  it("passes a log of request lines with no secret or token", () => {
    expect(logProblem("x.log", scanLog(`${request}\n${request}\n`))).toBeNull();
  });

  it("names a demo secret and a bearer token found anywhere in the log", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhY21lIn0.c2ln";
    const scan = scanLog(`${request}\n{"msg":"oops","body":"client_secret=acme-uat-secret"}\nAuthorization: Bearer ${jwt}\n`);
    expect(scan.found).toEqual(["acme-uat-secret", "a JWT"]);
    expect(logProblem("x.log", scan)).toBe("server log (x.log) contains: acme-uat-secret, a JWT");
  });

  it("looks for the extra secrets a caller names", () => {
    expect(scanLog(`${request}\ncode for 73GGHHVUQ5SO2IPFLQ3CPCPGMOPWAT2V`, ["73GGHHVUQ5SO2IPFLQ3CPCPGMOPWAT2V"]).found).toEqual([
      "73GGHHVUQ5SO2IPFLQ3CPCPGMOPWAT2V",
    ]);
  });

  it("refuses a log without request lines unless the run may have made none", () => {
    expect(logProblem("x.log", scanLog("listening\n"))).toMatch(/no request lines/);
    expect(logProblem("x.log", scanLog("listening\n"), { requireRequests: false })).toBeNull();
  });
});
