-- Lists that stay cheap at depth (issue 15, "Data scale"; docs/pagination-at-scale.md).
--
-- A list's total_size is read once per result set (the page token carries it) and comes
-- from a count kept in the same transaction as every row change, not from a count(*) over
-- the whole result set. Triggers keep the counts, so every writer (repos, SQL functions,
-- the bank operations CLI, a psql session) keeps them true without knowing about them.
-- Statement-level triggers with transition tables: a batch of 1,000 virtual accounts is
-- one counter update, not 1,000.

-- Per client and currency: how many virtual accounts and the sum of their balances
-- (GET /v1/virtual-accounts total_size, GET /v1/virtual-accounts/balances/total).
-- Striped over 16 slots by account number: concurrent deposits into different virtual
-- accounts of one client rarely wait on the same row; a read sums at most 16 rows.
CREATE TABLE virtual_account_totals (
  client_id      text NOT NULL REFERENCES clients (client_id),
  currency       char(3) NOT NULL,
  slot           smallint NOT NULL CHECK (slot BETWEEN 0 AND 15),
  accounts       bigint NOT NULL DEFAULT 0,
  balance_minor  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, currency, slot)
);

-- Per client and list scope: the size of a list that is not a whole table
-- ('payments_by_account', debtor account id; 'attempts_by_source', 'kind:id').
CREATE TABLE list_counts (
  client_id  text NOT NULL REFERENCES clients (client_id),
  list       text NOT NULL,
  scope      text NOT NULL,
  slot       smallint NOT NULL CHECK (slot BETWEEN 0 AND 15),
  n          bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, list, scope, slot)
);

CREATE FUNCTION list_slot(key text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (hashtext(key) & 15)::smallint $$;

-- A transition table exists only for its own event, hence one function per event. Upserts
-- are ordered by key so that two statements touching the same slots lock them in the same
-- order and cannot deadlock.
CREATE FUNCTION virtual_account_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO virtual_account_totals AS t (client_id, currency, slot, accounts, balance_minor)
  SELECT client_id, currency, list_slot(virtual_account_number) AS slot, count(*), sum(balance_minor)
  FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (client_id, currency, slot) DO UPDATE
    SET accounts = t.accounts + excluded.accounts, balance_minor = t.balance_minor + excluded.balance_minor;
  RETURN NULL;
END $$;

CREATE FUNCTION virtual_account_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE virtual_account_totals t SET accounts = t.accounts - d.accounts, balance_minor = t.balance_minor - d.balance_minor
  FROM (SELECT client_id, currency, list_slot(virtual_account_number) AS slot, count(*) AS accounts, sum(balance_minor) AS balance_minor
        FROM old_rows GROUP BY 1, 2, 3) AS d
  WHERE t.client_id = d.client_id AND t.currency = d.currency AND t.slot = d.slot;
  RETURN NULL;
END $$;

CREATE FUNCTION virtual_account_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO virtual_account_totals AS t (client_id, currency, slot, accounts, balance_minor)
  SELECT client_id, currency, slot, sum(accounts), sum(balance_minor)
  FROM (SELECT client_id, currency, list_slot(virtual_account_number) AS slot, 1 AS accounts, balance_minor FROM new_rows
        UNION ALL
        SELECT client_id, currency, list_slot(virtual_account_number), -1, -balance_minor FROM old_rows) AS change
  GROUP BY 1, 2, 3
  HAVING sum(accounts) <> 0 OR sum(balance_minor) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (client_id, currency, slot) DO UPDATE
    SET accounts = t.accounts + excluded.accounts, balance_minor = t.balance_minor + excluded.balance_minor;
  RETURN NULL;
END $$;

CREATE TRIGGER virtual_account_totals_insert AFTER INSERT ON virtual_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION virtual_account_totals_insert();
CREATE TRIGGER virtual_account_totals_delete AFTER DELETE ON virtual_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION virtual_account_totals_delete();
CREATE TRIGGER virtual_account_totals_update AFTER UPDATE ON virtual_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION virtual_account_totals_update();

-- Account payments: payments are never deleted and never change debtor account, so only
-- an insert moves the count (a delete is still counted, for operators' clean-ups).
CREATE FUNCTION list_counts_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (client_id, list, scope, slot, n)
  SELECT client_id, 'payments_by_account', debtor_account_id, 0, count(*) FROM new_rows GROUP BY 1, 3 ORDER BY 1, 3
  ON CONFLICT (client_id, list, scope, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE FUNCTION list_counts_payments_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.n
  FROM (SELECT client_id, debtor_account_id AS scope, count(*) AS n FROM old_rows GROUP BY 1, 2) AS d
  WHERE c.client_id = d.client_id AND c.list = 'payments_by_account' AND c.scope = d.scope AND c.slot = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER list_counts_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_payments_insert();
CREATE TRIGGER list_counts_payments_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_payments_delete();

-- The delivery log of a source (a subscription). An attempt row names only its delivery,
-- and the purge deletes attempts and their deliveries in one statement, so a trigger on
-- the attempts could not find the source of a deleted attempt. The delivery row knows
-- both: its attempt_count is the number of its attempt rows (attempts are numbered 1..n
-- and recorded with the count in one statement, lib/server/delivery/repo.ts
-- recordAttempt), so the count follows attempt_count. Striped by delivery: up to 16
-- worker slots per server record attempts of one subscription at once.
CREATE FUNCTION list_counts_deliveries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (client_id, list, scope, slot, n)
  SELECT client_id, 'attempts_by_source', source_kind || ':' || source_id, list_slot(delivery_id::text), sum(attempt_count)
  FROM new_rows GROUP BY 1, 3, 4 HAVING sum(attempt_count) <> 0 ORDER BY 1, 3, 4
  ON CONFLICT (client_id, list, scope, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE FUNCTION list_counts_deliveries_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts AS c (client_id, list, scope, slot, n)
  SELECT client_id, 'attempts_by_source', scope, slot, sum(n)
  FROM (SELECT client_id, source_kind || ':' || source_id AS scope, list_slot(delivery_id::text) AS slot, attempt_count AS n FROM new_rows
        UNION ALL
        SELECT client_id, source_kind || ':' || source_id, list_slot(delivery_id::text), -attempt_count FROM old_rows) AS change
  GROUP BY 1, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 3, 4
  ON CONFLICT (client_id, list, scope, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE FUNCTION list_counts_deliveries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.n
  FROM (SELECT client_id, source_kind || ':' || source_id AS scope, list_slot(delivery_id::text) AS slot, sum(attempt_count) AS n
        FROM old_rows GROUP BY 1, 2, 3) AS d
  WHERE c.client_id = d.client_id AND c.list = 'attempts_by_source' AND c.scope = d.scope AND c.slot = d.slot;
  RETURN NULL;
END $$;
CREATE TRIGGER list_counts_deliveries_insert AFTER INSERT ON deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deliveries_insert();
CREATE TRIGGER list_counts_deliveries_update AFTER UPDATE ON deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deliveries_update();
CREATE TRIGGER list_counts_deliveries_delete AFTER DELETE ON deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deliveries_delete();

-- Existing rows.
INSERT INTO virtual_account_totals (client_id, currency, slot, accounts, balance_minor)
SELECT client_id, currency, list_slot(virtual_account_number), count(*), sum(balance_minor) FROM virtual_accounts GROUP BY 1, 2, 3;
INSERT INTO list_counts (client_id, list, scope, slot, n)
SELECT client_id, 'payments_by_account', debtor_account_id, 0, count(*) FROM payments GROUP BY 1, 3;
INSERT INTO list_counts (client_id, list, scope, slot, n)
SELECT client_id, 'attempts_by_source', source_kind || ':' || source_id, list_slot(delivery_id::text), sum(attempt_count)
FROM deliveries GROUP BY 1, 3, 4;

-- Indexes whose order is the list's whole ORDER BY, so a page is an index range with no
-- sort: the delivery log orders by (attempted_at, delivery_id, attempt_no), the payments
-- search by (created_at, payment_id) already (payments_listing, 0009_b).
CREATE INDEX delivery_attempts_log ON delivery_attempts (client_id, attempted_at DESC, delivery_id DESC, attempt_no DESC);
DROP INDEX delivery_attempts_recent;
