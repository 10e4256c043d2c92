export declare const DEMO_SECRETS: string[];
export declare function scanLog(text: string, secrets?: readonly string[]): { found: string[]; requestLines: number };
export declare function logProblem(file: string, scan: { found: string[]; requestLines: number }, options?: { requireRequests?: boolean }): string | null;
