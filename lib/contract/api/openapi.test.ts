import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/contract/api/openapi";
import { OPERATIONS } from "@/lib/contract/api/registry";

const APP = path.join(process.cwd(), "app");
/** Routes that are not API operations on purpose. */
const NOT_OPERATIONS = new Set(["v1/[...path]/route.ts", "v2/[...path]/route.ts"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(APP, full)] : [];
  });
}

const apiRoutes = ["v1", "v2"]
  .flatMap((v) => {
    try {
      return routeFiles(path.join(APP, v)).map((f) => f.split(path.sep).join("/"));
    } catch {
      return [];
    }
  })
  .filter((f) => !NOT_OPERATIONS.has(f));

/** `v1/accounts/[accountNumber]/route.ts` -> `/v1/accounts/{accountNumber}` */
function pathOf(file: string): string {
  return "/" + file.replace(/\/route\.ts$/, "").replace(/\[([^\]]+)\]/g, "{$1}");
}

describe("route files", () => {
  const allRoutes = ["v1", "v2", "api", "healthz", "livez"].flatMap((dir) => {
    try {
      return routeFiles(path.join(APP, dir)).map((f) => f.split(path.sep).join("/"));
    } catch {
      return [];
    }
  });

  // A route Next could prerender would run at `next build` and open the database there.
  it.each(allRoutes)("%s is never prerendered at build", async (file) => {
    const mod = (await import(`@/app/${file}`)) as { dynamic?: string };
    expect(mod.dynamic).toBe("force-dynamic");
  });
});

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument(OPERATIONS, "http://localhost:3000");

  it.each(apiRoutes)("documents every method of %s", async (file) => {
    const mod = (await import(`@/app/${file}`)) as Record<string, unknown>;
    const exported = METHODS.filter((m) => typeof mod[m] === "function");
    expect(exported.length).toBeGreaterThan(0);
    for (const method of exported) {
      const route = mod[method] as { operation?: { path: string; method: string } };
      expect(route.operation, `${method} ${file} is not built with endpoint()`).toBeDefined();
      expect(route.operation!.path).toBe(pathOf(file));
      expect(route.operation!.method).toBe(method);
      const documented = (document.paths as Record<string, Record<string, unknown>>)[pathOf(file)]?.[method.toLowerCase()];
      expect(documented, `${method} ${pathOf(file)} missing from /v1/openapi.json (add it to lib/contract/api/registry.ts)`).toBeDefined();
    }
  });

  it("resolves every $ref and declares the security scheme", () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect(document.components.schemas[ref], ref).toBeDefined();
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents the error body and each operation's error statuses", () => {
    expect(document.components.schemas.Error).toBeDefined();
    const getAccount = (document.paths["/v1/accounts/{accountNumber}"] as Record<string, { responses: Record<string, unknown> }>).get!;
    expect(Object.keys(getAccount.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "406", "429", "500"]));
  });

  it("documents Idempotency-Key and its errors on exactly the operations whose pipeline runs the step", () => {
    type Documented = { parameters: Array<{ name: string; in: string }>; responses: Record<string, { description: string }> };
    for (const operation of OPERATIONS) {
      const documented = (document.paths as Record<string, Record<string, Documented>>)[operation.path]![operation.method.toLowerCase()]!;
      const hasHeader = documented.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key");
      expect(hasHeader, `${operation.id}`).toBe(Boolean(operation.idempotency));
      if (operation.idempotency) {
        expect(documented.responses["409"]!.description).toContain("REQUEST_IN_PROGRESS");
        expect(documented.responses["400"]!.description).toContain("INVALID_IDEMPOTENCY_KEY");
      }
    }
  });
});
