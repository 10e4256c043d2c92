import { defineOperation } from "@/lib/contract/http/operation";
import { ZOpenApiDocument } from "@/lib/contract/api/openapi-document";

export const openApiOperation = defineOperation({
  id: "getOpenApiDocument",
  method: "GET",
  path: "/v1/openapi.json",
  tag: "System",
  summary: "This document (OpenAPI 3.1)",
  access: "public",
  response: ZOpenApiDocument,
  csv: false,
  errors: [],
});
