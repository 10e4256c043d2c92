import { z } from "zod";

// Runs in the browser before the app's own modules. zod compiles object parsers with `new Function` unless told
// not to, and its probe for that is reported as a violation under our CSP (no 'unsafe-eval'). The server keeps the
// compiled parsers: they are on the API's hot path.
z.config({ jitless: true });
