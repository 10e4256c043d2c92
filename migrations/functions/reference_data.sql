-- Bumps the version under which processes keep the reference data a submission decides
-- with (lib/server/payments/known-data.ts); triggers on bank_codes, fx_rates,
-- bank_holidays (migrations/0007) and settlement_settings (0020) call it. submit_payment
-- refuses an older version.
CREATE OR REPLACE FUNCTION bump_reference_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_data_version SET version = version + 1;
  RETURN NULL;
END $$;
