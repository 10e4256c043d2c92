-- Approval rail BATCH (issue 20): a person's payment run whose total in a currency reaches the
-- policy's threshold waits for approval as one draft. threshold_minor is money (minor units of the
-- currency), as for ACH, SWIFT and INTERNAL. The draft holds the run's JSON body; like a
-- virtual-account batch it has no single amount, debit account, payee or settlement date (a run has
-- many), so those columns stay null for it and payment_id holds the run's job id once sent.

ALTER TABLE approval_policies DROP CONSTRAINT approval_policies_rail_check;
ALTER TABLE approval_policies ADD CONSTRAINT approval_policies_rail_check
  CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL', 'VIRTUAL_ACCOUNT_BATCH', 'COUNTERPARTY', 'BATCH'));

ALTER TABLE payment_drafts DROP CONSTRAINT payment_drafts_rail_check;
ALTER TABLE payment_drafts ADD CONSTRAINT payment_drafts_rail_check
  CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL', 'VIRTUAL_ACCOUNT_BATCH', 'BATCH'));

ALTER TABLE payment_drafts DROP CONSTRAINT payment_drafts_money_facts;
ALTER TABLE payment_drafts ADD CONSTRAINT payment_drafts_money_facts CHECK (
  rail IN ('VIRTUAL_ACCOUNT_BATCH', 'BATCH')
  OR (currency IS NOT NULL AND amount_minor IS NOT NULL AND debtor_account IS NOT NULL AND beneficiary IS NOT NULL AND settlement_date IS NOT NULL)
);
