-- Issue 15: what the metrics scrape and the operators' System page read every few seconds
-- stays cheap however much delivery history is kept (lib/server/observability/scrape.ts).
CREATE INDEX deliveries_pending ON deliveries (client_id, source_id) WHERE status = 'Pending';
CREATE INDEX deliveries_failed_recently ON deliveries (completed_at) WHERE status = 'Failed';
