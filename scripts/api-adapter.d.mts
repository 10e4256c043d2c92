import type { IncomingMessage, ServerResponse } from "node:http";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;
export type BuiltRoute = { pathname: string; userland: Record<string, unknown> };
export type RouteTable = {
  entries: { method: string; pathname: string; handler: RouteHandler }[];
  lookup(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | null;
  allowed(pathname: string): string[] | null;
};
export declare function isAdapterRoute(pathname: string): boolean;
export declare function routeTable(routes: readonly BuiltRoute[]): RouteTable;
export declare function loadBuiltRoutes(distDir: string): Promise<BuiltRoute[]>;
export declare function apiAdapter(table: RouteTable, options: { hostname: string; port: number }): (req: IncomingMessage, res: ServerResponse) => boolean;
export declare function refuseMethod(table: RouteTable | null, req: IncomingMessage, res: ServerResponse): boolean;
