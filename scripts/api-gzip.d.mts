import type { ServerResponse } from "node:http";
import type { Gzip } from "node:zlib";

export declare const GZIP_MIN_BYTES: number;
export declare function acceptsGzip(header: string | string[] | undefined): boolean;
export declare function compressible(res: ServerResponse): boolean;
export declare function gzipped(body: Buffer | string): Promise<Buffer>;
export declare function createGzipStream(): Gzip;
