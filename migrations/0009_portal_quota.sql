-- Portal users get a request quota of their own (issue 11): the portal is the bank's
-- first-party application, so its calls must not spend the client's API quota, and one
-- user must not starve colleagues. Same fixed-window counters, one row per
-- (client, bucket, window): bucket '' is the client's API quota, 'portal:<user id>' a
-- portal user's. The tenant stays first in the key.
ALTER TABLE rate_limit_windows ADD COLUMN bucket text NOT NULL DEFAULT '';
ALTER TABLE rate_limit_windows DROP CONSTRAINT rate_limit_windows_pkey;
ALTER TABLE rate_limit_windows ADD PRIMARY KEY (client_id, bucket, window_start);
