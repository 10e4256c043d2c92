import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactSecrets } from "./log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: createLogger(stream) };
}

describe("log lines never carry a secret", () => {
  it("censors a secret key at the top level and one level down, and keeps every other field", () => {
    const { lines, log } = capture();
    log.info(
      {
        operation: "getAccount",
        token: "eyJ.top",
        headers: { authorization: "Bearer abc", cookie: "s=1", accept: "application/json" },
        db: { connectionString: "postgres://u:pw@h/db", pool: 10 },
        body: { client_secret: "s3cret", password: "pw", access_token: "at", secret: "x", amount: "10.00" },
      },
      "request",
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ["eyJ.top", "Bearer abc", "s=1", "u:pw", "s3cret", '"pw"', '"at"', '"x"']) expect(line).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      msg: "request",
      operation: "getAccount",
      token: "[redacted]",
      headers: { authorization: "[redacted]", cookie: "[redacted]", accept: "application/json" },
      db: { connectionString: "[redacted]", pool: 10 },
      body: { client_secret: "[redacted]", password: "[redacted]", access_token: "[redacted]", secret: "[redacted]", amount: "10.00" },
    });
  });

  it("leaves the caller's object as it was, and copies nothing when there is nothing to censor", () => {
    const fields = { correlationId: "c-1", nested: { token: "t" } };
    const redacted = redactSecrets(fields);
    expect(fields.nested.token).toBe("t");
    expect(redacted.nested).toEqual({ token: "[redacted]" });
    const clean = { correlationId: "c-1", status: 200, nested: { a: 1 } };
    expect(redactSecrets(clean)).toBe(clean);
  });
});
