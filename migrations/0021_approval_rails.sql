-- Dual control for the two remaining rails of issue 14: internal transfers (INTERNAL) and
-- virtual-account batches (VIRTUAL_ACCOUNT_BATCH).

ALTER TABLE approval_policies DROP CONSTRAINT approval_policies_rail_check;
ALTER TABLE approval_policies ADD CONSTRAINT approval_policies_rail_check
  CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL', 'VIRTUAL_ACCOUNT_BATCH'));
-- threshold_minor keeps its name: for a VIRTUAL_ACCOUNT_BATCH policy it is a number of
-- accounts in the currency (a batch moves no money; docs/approvals.md), at most a batch's 1000.
ALTER TABLE approval_policies ADD CONSTRAINT approval_policies_batch_threshold
  CHECK (rail <> 'VIRTUAL_ACCOUNT_BATCH' OR threshold_minor <= 1000);

ALTER TABLE payment_drafts DROP CONSTRAINT payment_drafts_rail_check;
ALTER TABLE payment_drafts ADD CONSTRAINT payment_drafts_rail_check
  CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL', 'VIRTUAL_ACCOUNT_BATCH'));

-- A batch has no amount, no account debited, no payee and no settlement date: null for it,
-- and still required for every rail that moves money. For an INTERNAL draft the
-- beneficiary is the account credited. payment_id holds the batch's job id once submitted.
ALTER TABLE payment_drafts
  ALTER COLUMN currency DROP NOT NULL,
  ALTER COLUMN amount_minor DROP NOT NULL,
  ALTER COLUMN debtor_account DROP NOT NULL,
  ALTER COLUMN beneficiary DROP NOT NULL,
  ALTER COLUMN settlement_date DROP NOT NULL;
ALTER TABLE payment_drafts ADD CONSTRAINT payment_drafts_money_facts CHECK (
  rail = 'VIRTUAL_ACCOUNT_BATCH'
  OR (currency IS NOT NULL AND amount_minor IS NOT NULL AND debtor_account IS NOT NULL AND beneficiary IS NOT NULL AND settlement_date IS NOT NULL)
);
