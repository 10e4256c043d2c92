-- Notifications for people (issue 22, docs/notifications.md): what the portal's bell counts and its page lists,
-- one row per person, written in the transaction of the change that causes it (derived where the domain event is
-- raised, lib/server/domain/notifications/derive.ts), or by the worker for what no change causes (a draft nearing
-- or passing its cut-off, an endpoint that keeps failing).
CREATE TABLE notifications (
  client_id        text NOT NULL REFERENCES clients (client_id),
  notification_id  uuid NOT NULL,
  user_id          uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  kind             text NOT NULL,
  title            text NOT NULL,
  body             text NOT NULL,
  -- A portal path (never an absolute URL: the e-mail adds the bank's public address).
  link             text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  read_at          timestamptz,
  PRIMARY KEY (client_id, notification_id)
);
CREATE INDEX notifications_of_person ON notifications (client_id, user_id, created_at DESC, notification_id DESC);
CREATE INDEX notifications_unread ON notifications (client_id, user_id) WHERE read_at IS NULL;

-- What the worker notifies once only, whatever the recipients chose: a draft nearing or passing its cut-off, an
-- endpoint's episode of failures. The mark is taken in the transaction that writes the notifications.
CREATE TABLE notification_marks (
  client_id   text NOT NULL REFERENCES clients (client_id),
  mark        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, mark)
);
CREATE INDEX notification_marks_age ON notification_marks (created_at);

-- A person's choice per kind; no row is the default (in the portal, no e-mail).
CREATE TABLE notification_preferences (
  client_id  text NOT NULL REFERENCES clients (client_id),
  user_id    uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  kind       text NOT NULL,
  in_portal  boolean NOT NULL,
  by_email   boolean NOT NULL,
  PRIMARY KEY (client_id, user_id, kind)
);

-- The e-mail outbox: a row per message, written with its notification, sent by the worker's `email.send` task.
-- Status: Pending -> Sending (claimed, committed before the SMTP conversation) -> Sent; a failure the server
-- answered goes back to Pending with a delay, or Failed when the schedule is spent; without SMTP_URL, Skipped.
-- A row found Sending by a later run means the process died between the send and its mark: it becomes Unknown
-- and is never sent again (docs/notifications.md, "Exactly once").
CREATE TABLE email_outbox (
  client_id        text NOT NULL REFERENCES clients (client_id),
  message_id       uuid NOT NULL,
  notification_id  uuid NOT NULL,
  to_address       text NOT NULL,
  subject          text NOT NULL,
  text_body        text NOT NULL,
  link             text,
  status           text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Sending', 'Sent', 'Failed', 'Skipped', 'Unknown')),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  smtp_response    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  PRIMARY KEY (client_id, message_id),
  FOREIGN KEY (client_id, notification_id) REFERENCES notifications (client_id, notification_id) ON DELETE CASCADE
);
CREATE INDEX email_outbox_of_notification ON email_outbox (client_id, notification_id);

-- Who made a payment, for "a payment failed or was returned": the person on its creation's audit row. Partial, so
-- only payments made by a person (the portal, an approval, a person's run) pay for it, not the API's hot path.
CREATE INDEX audit_log_payment_maker ON audit_log (client_id, entity_id) WHERE action = 'payment.created' AND actor LIKE 'user:%';

-- The worker's minute look for drafts nearing or passing their cut-off.
CREATE INDEX payment_drafts_deadline ON payment_drafts (expires_at) WHERE status = 'AwaitingApproval';
