// The chain's invoice search ignores accents and case in the client's name, as the till's does
// (issue 24): "perez" and "PEREZ" find "Juan Pérez", through the trigram index on kipu_fold.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, owner } from './helpers';

const stack = await centralStack();
after(() => stack.close());

test('"perez", "PEREZ" and "pérez" find Juan Pérez and JUAN PEREZ; "gomez" finds Gómez; the folded name is indexed', { timeout: 120_000 }, async () => {
  await stack.startCentral(0);
  const till = await stack.newTill('Caja 1');
  const names = ['Juan Pérez', 'JUAN PEREZ', 'María Gómez', 'Ñusta Quispe', 'Otro Cliente'];
  await stack.pool.query(
    `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd, fecha_emision,
       issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_messages, needs_reconcile, xml, record, created_at, updated_at, seq)
     SELECT $1, $2::uuid, 'inv-' || g, 'pos', 0, 0, 'COMPUTERIZED_SALE', 1, 1, g, 'ABC' || lpad(g::text, 10, '0'), 'cufd', '2026-03-01T12:00:00.000',
       timestamp '2026-03-01 12:00:00' + g * interval '1 second', date '2026-03-01', (5000000 + g)::text, ($3::text[])[g], 1, 100 + g, 'VALIDATED', '[]', false, '<f/>', '{}', '', '', g
     FROM generate_series(1, $4::int) g`,
    [stack.tenantId, till.tillId, names, names.length],
  );
  const search = async (q: string) => ((await owner(stack, `/central/api/invoices?q=${encodeURIComponent(q)}&size=50`)) as any).items.map((i: any) => i.clientName).sort();

  for (const q of ['perez', 'PEREZ', 'pérez', 'Juan Perez']) assert.deepEqual(await search(q), ['JUAN PEREZ', 'Juan Pérez'], q);
  assert.deepEqual(await search('gomez'), ['María Gómez']);
  assert.deepEqual(await search('MARIA GÓMEZ'), ['María Gómez']);
  assert.deepEqual(await search('nusta'), ['Ñusta Quispe']);
  assert.deepEqual(await search('gonzalez'), []);

  // The folded name has its trigram index (the search of older invoices relies on it).
  const client = await stack.pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const plan = JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM invoices WHERE kipu_fold(client_name) LIKE '%' || kipu_fold($1::text) || '%'`, ['pérez'])).rows[0]);
    assert.match(plan, /invoices_client_name_folded/);
  } finally {
    client.release();
  }
});
