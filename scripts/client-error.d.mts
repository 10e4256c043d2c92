import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export declare function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void;
export declare function answerConnect(req: IncomingMessage, socket: Socket): void;
