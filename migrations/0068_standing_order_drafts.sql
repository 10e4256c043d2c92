-- Standing orders under dual control (issue 21, docs/scheduling.md "Standing orders"): a person's
-- new standing order, or change of one, that the policy of the order's rail holds back waits as a
-- payment draft. `rail` stays the order's payment rail (ACH, SWIFT, INTERNAL: its policy, amount,
-- debtor and beneficiary are the draft's facts); `kind` says what the approval makes. The request of
-- a StandingOrder draft is the body of POST /v1/standing-orders; of a StandingOrderChange draft,
-- {standingOrderId, request?, schedule?, before, after} (the PATCH body and the terms the maker saw).
-- payment_id holds the standing order's id once the approval made it.
ALTER TABLE payment_drafts ADD COLUMN kind text NOT NULL DEFAULT 'Payment'
  CHECK (kind IN ('Payment', 'StandingOrder', 'StandingOrderChange'));
ALTER TABLE payment_drafts ADD CONSTRAINT payment_drafts_standing_order_rail
  CHECK (kind = 'Payment' OR rail IN ('ACH', 'SWIFT', 'INTERNAL'));
