import "server-only";
import type { Pool, PoolClient } from "pg";

/** Either the pool or a transaction's client: repo functions take whichever the caller holds. */
export type Queryable = Pick<Pool | PoolClient, "query">;
