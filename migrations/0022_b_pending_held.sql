-- The booked balance (GET /v1/accounts/{n}/balances, docs/ledger.md) adds back what an
-- account's Pending payments hold: those are few, an index range of their own, however many
-- payments the account has made.
CREATE INDEX payments_pending_held ON payments (client_id, debtor_account_id) WHERE status = 'Pending' AND funds_held;
