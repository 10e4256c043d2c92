import { buildOpenApiDocument } from "@/lib/api/openapi";
import { openApiOperation } from "@/lib/api/openapi-operation";
import { OPERATIONS } from "@/lib/api/registry";
import { endpoint } from "@/lib/http/endpoint";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const GET = endpoint(openApiOperation, async ({ baseUrl, responseHeaders }) => {
  responseHeaders.set("cache-control", "public, max-age=60");
  // Built once: the operations are fixed for the life of the process.
  document ??= buildOpenApiDocument(OPERATIONS, baseUrl);
  return document;
});
