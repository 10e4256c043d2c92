import { openApiDocument } from "@/lib/contract/api/openapi-file";
import { openApiOperation } from "@/lib/contract/api/openapi-operation";
import { ZOpenApiDocument, type TOpenApiDocument } from "@/lib/contract/api/openapi-document";
import { endpoint } from "@/lib/server/entry/http/endpoint";

export const dynamic = "force-dynamic";

type OpenApiDocument = TOpenApiDocument;

function isReadableDocument(document: unknown): document is TOpenApiDocument {
  return ZOpenApiDocument.safeParse(document).success;
}

/** Built once per base URL (the server entry differs by how the caller reaches us); a handful at most. */
const documents = new Map<string, OpenApiDocument>();

export const GET = endpoint(openApiOperation, async ({ baseUrl, responseHeaders }) => {
  responseHeaders.set("cache-control", "public, max-age=60");
  let document = documents.get(baseUrl);
  if (!document) {
    if (documents.size >= 16) documents.clear();
    // Checked against the schema its readers use (the portal's reference page), once per base URL; served as built
    // (key order and all: it is byte for byte the committed openapi.json).
    const built = openApiDocument(baseUrl);
    if (!isReadableDocument(built)) throw new Error(`the OpenAPI document does not match ZOpenApiDocument: ${ZOpenApiDocument.safeParse(built).error?.message}`);
    document = built;
    documents.set(baseUrl, document);
  }
  return document;
});
