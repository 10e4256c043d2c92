import { z } from "zod";
import { defineOperation } from "@/lib/contract/http/operation";

export const openApiOperation = defineOperation({
  id: "getOpenApiDocument",
  method: "GET",
  path: "/v1/openapi.json",
  tag: "System",
  summary: "This document (OpenAPI 3.1)",
  access: "public",
  response: z.looseObject({ openapi: z.string() }),
  csv: false,
  errors: [],
});
