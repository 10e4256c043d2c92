-- Scheduled payments (issue 21, decisions §11, docs/scheduling.md). A payment with a future
-- requestedExecutionDate is a row in status Scheduled that holds nothing (no ledger entry,
-- funds_held false) and keeps the rail's request it was made with (scheduled_request): on
-- its execution_date (the requested bank day, or the next business day) the worker calls the
-- rail's use case with that request, and SQL submit_payment replaces the Scheduled row with
-- the payment it makes, under the same payment id. A Scheduled payment can be Cancelled.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('Scheduled', 'Pending', 'Completed', 'Failed', 'Reversed', 'Cancelled'));
ALTER TABLE payments ADD COLUMN execution_date date;
ALTER TABLE payments ADD COLUMN scheduled_request jsonb;
ALTER TABLE payments ADD COLUMN standing_order_id uuid;
ALTER TABLE payments ADD CONSTRAINT payments_scheduled_check
  CHECK (status <> 'Scheduled' OR (execution_date IS NOT NULL AND scheduled_request IS NOT NULL AND NOT funds_held));

-- The worker's sweep: the Scheduled payments due by a bank date, oldest day first.
CREATE INDEX payments_scheduled_due ON payments (execution_date, client_id, payment_id) WHERE status = 'Scheduled';
