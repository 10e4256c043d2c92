import { describe, expect, it } from "vitest";
import { metricsAccess } from "@/lib/server/core/observability/metrics-access";

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
const TOKEN = "m3tr1cs-t0ken-of-the-operators";

describe("who may read /metrics", () => {
  it("with METRICS_TOKEN: exactly that bearer token, wherever the server listens", () => {
    const env = { METRICS_TOKEN: TOKEN, HOSTNAME: "127.0.0.1" };
    expect(metricsAccess(bearer(TOKEN), env)).toBe("allowed");
    expect(metricsAccess(bearer(`${TOKEN}x`), env)).toBe("unauthorized");
    expect(metricsAccess(new Headers(), env)).toBe("unauthorized");
    expect(metricsAccess(new Headers({ authorization: `Basic ${TOKEN}` }), env)).toBe("unauthorized");
  });

  it("without a token: only on a server bound to loopback (the cluster's private ports)", () => {
    expect(metricsAccess(new Headers(), { HOSTNAME: "127.0.0.1" })).toBe("allowed");
    expect(metricsAccess(new Headers(), { HOSTNAME: "0.0.0.0" })).toBe("disabled");
    expect(metricsAccess(new Headers(), {})).toBe("disabled");
  });

  it("in production: only with METRICS_TOKEN, even on loopback (issue 19, item 8)", () => {
    expect(metricsAccess(new Headers(), { HOSTNAME: "127.0.0.1", APP_ENV: "production" })).toBe("disabled");
    expect(metricsAccess(bearer(TOKEN), { HOSTNAME: "127.0.0.1", APP_ENV: "production", METRICS_TOKEN: TOKEN })).toBe("allowed");
  });
});
