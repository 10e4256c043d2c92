-- Closing an account (docs/operations.md "Accounts"): only at zero with nothing pending.
-- A closed account stays, for its history and statements; clients see it INACTIVE (the
-- API's statuses), its STATUS attribute says CLOSED, and it never takes a posting again.
ALTER TABLE accounts ADD COLUMN closed_at timestamptz;
