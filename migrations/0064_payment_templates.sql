-- Payment templates (issue 21, decisions §11): a client's named, saved payments of one rail
-- ("New from template", "Pay again"). `request` is the rail's body as saved (no
-- instructionIdentification, the amount optional), checked by the contract's schema
-- (lib/contract/payment-templates/schema.ts). A template is deleted outright: no payment
-- refers to it (a payment made from one is an ordinary payment).
CREATE TABLE payment_templates (
  client_id    text NOT NULL REFERENCES clients (client_id),
  template_id  uuid NOT NULL,
  name         text NOT NULL,
  rail         text NOT NULL CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL')),
  request      jsonb NOT NULL,
  created_by   text NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (client_id, template_id)
);
-- Names are unique per client whatever their case: a treasurer picks a template by its name.
CREATE UNIQUE INDEX payment_templates_name ON payment_templates (client_id, lower(name));

-- Clients that pay keep their saved payments (decisions §11: the roles that pay hold it).
UPDATE clients SET permissions = permissions || ARRAY['payment-templates']
WHERE permissions && ARRAY['payment-ach', 'payment-swift', 'payment-internal'] AND NOT 'payment-templates' = ANY (permissions);
