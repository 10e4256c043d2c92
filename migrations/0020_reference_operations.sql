-- Reference data operations (issue 12, docs/operations.md "Reference data").

-- FX rates keep their history: each row is a rate from its effective time on, and the
-- current rate of a pair is the row with the latest effective_at <= now(). Rows that
-- existed before have been in effect all along (the epoch). A change is a new row,
-- never an update, so what a past payment converted at stays visible.
ALTER TABLE fx_rates ADD COLUMN effective_at timestamptz NOT NULL DEFAULT 'epoch';
ALTER TABLE fx_rates ALTER COLUMN effective_at DROP DEFAULT;
ALTER TABLE fx_rates DROP CONSTRAINT fx_rates_pkey;
ALTER TABLE fx_rates ADD PRIMARY KEY (from_currency, to_currency, effective_at);

-- The settlement calendar's one setting that is not a date: the ACH same-day cut-off in
-- bank time (Atlantic/Bermuda). One row; a change bumps the reference version like the
-- other reference tables, so every server's next submission decides with it.
CREATE TABLE settlement_settings (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  ach_cutoff  time NOT NULL DEFAULT '15:15' CHECK (ach_cutoff < '16:00'),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settlement_settings DEFAULT VALUES;
CREATE TRIGGER settlement_settings_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settlement_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_data_version();
