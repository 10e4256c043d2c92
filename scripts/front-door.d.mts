import type { IncomingMessage, ServerResponse } from "node:http";

export declare function isDecodablePath(url: string | undefined): boolean;
export declare function isCrossOriginServerAction(req: IncomingMessage, trustProxy: boolean): boolean;
export declare function contentSecurityPolicy(nonce: string): string;
export declare function freshNonce(): string;
export declare function frontDoor(req: IncomingMessage, res: ServerResponse, options: { trustProxy: boolean; production: boolean }): boolean;
