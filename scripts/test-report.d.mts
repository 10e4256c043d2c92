export declare function counts(file: string, pick: (report: never) => { passed: number; failed: number }): { passed: number; failed: number };
export declare function vitestFailures(file: string): string[];
export declare function playwrightFailures(file: string): string[];
