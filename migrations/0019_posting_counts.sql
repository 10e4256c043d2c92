-- An account's transactions list at any depth (issue 13, docs/pagination-at-scale.md): the
-- first page of an unfiltered list reads its total_size from the account row instead of
-- counting every posting of the account. The ledger writer (ledger_post_entry) keeps it
-- beside available_minor, in the same UPDATE under the row lock it already holds, so it
-- costs no extra row, lock or trigger per entry; the verifier checks it against the
-- postings (lib/server/ledger/verify.ts).
ALTER TABLE accounts ADD COLUMN posting_count bigint NOT NULL DEFAULT 0;

UPDATE accounts a SET posting_count = s.n
FROM (SELECT client_id, account_id, count(*) AS n FROM ledger_postings WHERE account_id IS NOT NULL GROUP BY client_id, account_id) s
WHERE a.client_id = s.client_id AND a.account_id = s.account_id;
