import { openApiDocument } from "@/lib/contract/api/openapi-file";
import { openApiOperation } from "@/lib/contract/api/openapi-operation";
import { endpoint } from "@/lib/server/entry/http/endpoint";

export const dynamic = "force-dynamic";

type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** Built once per base URL (the server entry differs by how the caller reaches us); a handful at most. */
const documents = new Map<string, OpenApiDocument>();

export const GET = endpoint(openApiOperation, async ({ baseUrl, responseHeaders }) => {
  responseHeaders.set("cache-control", "public, max-age=60");
  let document = documents.get(baseUrl);
  if (!document) {
    if (documents.size >= 16) documents.clear();
    document = openApiDocument(baseUrl);
    documents.set(baseUrl, document);
  }
  return document;
});
