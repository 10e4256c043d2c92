/**
 * Starts (or adopts) the embedded PostgreSQL of DATA_DIR and prints its
 * connection string on stdout, for `npm run cluster` when DATABASE_URL is
 * unset: the servers it starts then share one database server the cluster
 * owns, instead of each trying to own it.
 */
import { ensureEmbeddedPostgres } from "@/lib/server/core/db/embedded";

const server = await ensureEmbeddedPostgres(process.env.DATA_DIR || "./.data");
process.stdout.write(server.connectionString);
