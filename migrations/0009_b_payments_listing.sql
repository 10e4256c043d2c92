-- Payments across all of a client's accounts, newest first, ties by id (GET /v1/payments, issue 11).
CREATE INDEX payments_listing ON payments (client_id, created_at DESC, payment_id DESC);
