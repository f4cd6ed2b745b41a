-- A massive batch's progress (GET /invoices/batch/{id}: counts() and items() in
-- store/invoice-batches.ts) read from indexes alone (issue 25, decision 0097). Each item's row
-- holds its sale's JSON (~80 KB for 500 lines) before its invoice_id, and each invoice's row its
-- signed XML (~200 KB) before its state and number: SQLite walked every row's overflow pages to
-- reach those columns, ~100 ms of the engine's thread per poll of a 350 × 500-line batch. These
-- indexes carry the columns the progress reads (and the issuing steps' look for unissued items).
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE INDEX invoice_batch_items_progress ON invoice_batch_items (batch_id, item_index, invoice_id, package_id, problems);
CREATE INDEX invoices_progress ON invoices (id, state, number);
