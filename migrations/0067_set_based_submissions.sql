-- Payment runs, Speed (docs/payment-runs.md): submit_payments is set-based
-- (migrations/functions/payments.sql, submit_payment_set); the per-item submit_payment it
-- looped over is gone.
DROP FUNCTION IF EXISTS submit_payment(jsonb);
