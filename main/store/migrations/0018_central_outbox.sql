-- Kipu Central (issue 15): the till's outbox and the catalog that comes down from the head office.
-- Append-only: once landed this file is never edited; changes go in a new migration.
--
-- The outbox row is written by triggers, so it is in the SAME transaction as the fact it reports
-- whichever repository writes it (docs/decisions/0030-central-outbox-and-push.md). A row names the
-- fact (kind + id), not its content: the pusher reads the fact as it is when it pushes, so a row
-- replayed after a crash sends the newest state and Central's upsert converges.
CREATE TABLE central_outbox (
  seq       INTEGER PRIMARY KEY AUTOINCREMENT,   -- the push order; never reused
  tenant_id TEXT NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN ('invoice', 'event', 'cash', 'pos')),
  entity_id TEXT NOT NULL
);

-- How far Central has acknowledged (one row; the pusher's resumable cursor).
CREATE TABLE central_sync (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  acked_seq   INTEGER NOT NULL DEFAULT 0,
  catalog_version INTEGER NOT NULL DEFAULT 0,    -- the last Central catalog version applied
  last_push_at TEXT,
  last_error  TEXT
);
INSERT INTO central_sync (id) VALUES (1);

CREATE TRIGGER central_outbox_invoice_insert AFTER INSERT ON invoices BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'invoice', NEW.id);
END;
-- Only what Central shows changes an invoice's replica (package_id and last_checked do not).
CREATE TRIGGER central_outbox_invoice_update AFTER UPDATE OF state, siat_code, siat_description, siat_reception_code, siat_messages,
  needs_reconcile, cuf, codigo_emision, xml, event_id, cancellation_reason, cancellation_date ON invoices BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'invoice', NEW.id);
END;
CREATE TRIGGER central_outbox_event_insert AFTER INSERT ON contingency_events BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'event', NEW.id);
END;
CREATE TRIGGER central_outbox_event_update AFTER UPDATE OF state, fecha_fin, codigo_evento_siat ON contingency_events BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'event', NEW.id);
END;
CREATE TRIGGER central_outbox_cash_insert AFTER INSERT ON cash_sessions BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'cash', NEW.id);
END;
CREATE TRIGGER central_outbox_cash_update AFTER UPDATE OF state, closed_at ON cash_sessions BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'cash', NEW.id);
END;
CREATE TRIGGER central_outbox_pos_insert AFTER INSERT ON points_of_sale BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'pos', NEW.id);
END;
CREATE TRIGGER central_outbox_pos_update AFTER UPDATE OF name, closed_at ON points_of_sale BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'pos', NEW.id);
END;
-- A new CUFD changes the point of sale's expiry that Central shows.
CREATE TRIGGER central_outbox_cufd_insert AFTER INSERT ON cufds BEGIN
  INSERT INTO central_outbox (tenant_id, kind, entity_id) VALUES (NEW.tenant_id, 'pos', NEW.pos_id);
END;

-- What the till already holds goes up too when it first meets Central (history first, in order).
INSERT INTO central_outbox (tenant_id, kind, entity_id) SELECT tenant_id, 'pos', id FROM points_of_sale ORDER BY created_at;
INSERT INTO central_outbox (tenant_id, kind, entity_id) SELECT tenant_id, 'event', id FROM contingency_events ORDER BY created_at;
INSERT INTO central_outbox (tenant_id, kind, entity_id) SELECT tenant_id, 'cash', id FROM cash_sessions ORDER BY opened_at;
INSERT INTO central_outbox (tenant_id, kind, entity_id) SELECT tenant_id, 'invoice', id FROM invoices ORDER BY created_at, number;

-- Catalog down (docs/decisions/0031-central-catalog-conflicts.md): a product Central manages
-- carries Central's id and version; a local edit of its price is remembered so the chain's rule
-- can keep it.
ALTER TABLE products ADD COLUMN central_id TEXT;
ALTER TABLE products ADD COLUMN central_version INTEGER;
ALTER TABLE products ADD COLUMN local_price_cents INTEGER;  -- the till's own price when the chain allows one; NULL = Central's
CREATE UNIQUE INDEX products_central_id ON products (tenant_id, central_id) WHERE central_id IS NOT NULL;
-- A price changed on the till (not by a Central update, which moves central_version) is a local edit.
CREATE TRIGGER products_local_price_edit AFTER UPDATE OF price_cents ON products
  WHEN NEW.central_id IS NOT NULL AND NEW.central_version IS OLD.central_version BEGIN
  UPDATE products SET local_price_cents = NEW.price_cents WHERE id = NEW.id;
END;
