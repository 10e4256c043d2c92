import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { OPERATIONS } from "@/lib/contract/api/registry";

/**
 * The real /v1 route handlers behind a real HTTP listener on 127.0.0.1 (a port of the OS's choosing), for tests
 * that must go over a socket as an integrator does (the SDK's quick start): the operation registry maps a request
 * to its route file, as Next's router would. Not a second server implementation: each handler is the app's own.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

const routes = OPERATIONS.map((operation) => ({
  method: operation.method.toUpperCase(),
  pattern: new RegExp(`^${operation.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
  file: path.join(process.cwd(), "app", operation.path.replace(/\{(\w+)\}/g, "[$1]"), "route.ts"),
}));

async function handle(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const url = new URL(req.url ?? "/", origin);
  const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
  if (!route) {
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ code: "NOT_FOUND", message: "No such route." }));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const request = new Request(url, { method: req.method, headers, body });
  const module = (await import(route.file)) as Record<string, Handler>;
  const handler = module[route.method];
  if (!handler) throw new Error(`${route.file} exports no ${route.method}`);
  const params = Object.fromEntries(Object.entries(route.pattern.exec(url.pathname)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
  const response = await handler(request, { params: Promise.resolve(params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts the listener; `close` stops it. */
export async function startLoopbackServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  let origin = "";
  const server = createServer((req, res) => {
    handle(req, res, origin).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl: origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
