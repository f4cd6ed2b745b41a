// The chain's invoice search pages by key (decision 0042) and reads the newest invoices before the
// trigram index: whatever phase finds them, the pages must be exactly one ORDER BY over every match,
// with ties on issued_at across tills never repeated or skipped. 30,000 invoices (more than the
// search's newest slice) are written straight into a real PostgreSQL.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, owner } from './helpers';

const stack = await centralStack();
after(() => stack.close());

const ROWS = 30_000;

test('search pages by key: every page equals the plain ORDER BY over all matches, through both phases', { timeout: 300_000 }, async () => {
  await stack.startCentral(0);
  const tills = [await stack.newTill('Caja 1'), await stack.newTill('Caja 2'), await stack.newTill('Caja 3')];
  // Three invoices share each second (one per till); 1 in 1,000 is "ÑUSTA MAMANI": 20 of them among
  // the newest 20,000, 10 older, so a page of 20 needs both phases. 1 in 1,000 is "QUISPE ÑUSTA",
  // 1 in 100 "MAMANI CLIENTE".
  await stack.pool.query(
    `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd, fecha_emision,
       issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_messages, needs_reconcile, xml, record, created_at, updated_at, seq)
     SELECT $1, ($2::uuid[])[1 + g % 3], 'inv-' || g, 'pos', 0, 0, 'COMPUTERIZED_SALE', 1, 1, g,
       'ABC' || lpad(g::text, 10, '0'), 'cufd', to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS'), ts, ts::date, (5000000 + g)::text,
       CASE WHEN g % 1000 = 7 THEN 'ÑUSTA MAMANI' WHEN g % 1000 = 13 THEN 'QUISPE ÑUSTA' WHEN g % 100 = 50 THEN 'MAMANI CLIENTE' ELSE 'CLIENTE ' || (g % 97) END, 1, 100 + g, 'VALIDATED', '[]', false, '<f/>', '{}', '', '', g
     FROM generate_series(1, $3::int) g, LATERAL (SELECT timestamp '2026-03-01 12:00:00' - ((g - 1) / 3) * interval '1 second' AS ts) t`,
    [stack.tenantId, tills.map((t) => t.tillId), ROWS],
  );
  await stack.pool.query('ANALYZE invoices');

  const reference = async (where: string, args: unknown[]) =>
    (await stack.pool.query(`SELECT till_id, id FROM invoices i WHERE tenant_id = $1 AND ${where} ORDER BY issued_at DESC, till_id DESC, id DESC`, [stack.tenantId, ...args])).rows.map(
      (r) => `${r.till_id}/${r.id}`,
    );
  const pages = async (q: string, size: number, maxPages: number) => {
    const seen: string[] = [];
    let next: string | null = null;
    for (let p = 0; p < maxPages; p++) {
      const page: any = await owner(stack, `/central/api/invoices?q=${encodeURIComponent(q)}&size=${size}${next ? `&after=${next}` : ''}`);
      seen.push(...page.items.map((i: any) => `${i.tillId}/${i.id}`));
      assert.equal(page.more, page.next !== null);
      next = page.next;
      if (!next) break;
    }
    return { seen, next };
  };

  // A rare name, 30 matches: a page of 20 (21 asked, to know there is more) takes the slice's 20 and
  // one from the trigram index; pages of 7 cross the edge mid-page; 100 takes all in one.
  const rare = await reference(`client_name ILIKE '%' || $2 || '%'`, ['ñusta mam']);
  assert.equal(rare.length, 30);
  for (const size of [20, 7, 100]) {
    const got = await pages('ñusta mam', size, 10);
    assert.deepEqual(got.seen, rare, `rare name, pages of ${size}`);
    assert.equal(got.next, null);
  }
  // Two words, "ñusta" rarer than "mamani": the index is probed with "ñusta" alone, and its
  // "QUISPE ÑUSTA" rows must be dropped by the check of the whole text.
  const both = await reference(`client_name ILIKE '%' || $2 || '%'`, ['ñusta mamani']);
  assert.equal(both.length, 30);
  assert.deepEqual((await pages('ñusta mamani', 20, 5)).seen, both);
  // A common name (1 in 97): pages of 50 through the newest invoices; ties across tills in order.
  const common = await reference(`(client_name ILIKE '%' || $2 || '%' OR cuf LIKE upper($2) || '%')`, ['cliente 5']);
  const got = await pages('cliente 5', 50, 4);
  assert.deepEqual(got.seen, common.slice(0, 200));
  assert.ok(got.next, 'more pages of a common name');
  // Nothing matches; a CUF prefix among the oldest invoices (phase 2 only); the newest, unfiltered.
  assert.deepEqual((await pages('zzzz', 20, 2)).seen, []);
  assert.deepEqual((await pages('abc00000299', 20, 10)).seen, await reference(`cuf LIKE $2 || '%'`, ['ABC00000299']));
  assert.deepEqual((await pages('', 100, 3)).seen, (await reference('TRUE', [])).slice(0, 300));
  // A number: the invoice number, a client document prefix or a CUF prefix.
  assert.deepEqual((await pages('5029999', 20, 2)).seen, await reference(`(number = $2::bigint OR client_doc_number LIKE $2 || '%' OR cuf LIKE $2 || '%')`, ['5029999']));

  // A cursor the service did not hand out: 400 naming the field.
  for (const bad of ['nope!', Buffer.from('["x","y","z"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
    const res = await fetch(`${stack.central!.url}/central/api/invoices?q=a&after=${encodeURIComponent(bad)}`, { headers: { authorization: `Bearer ${stack.ownerKey}` } });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { field?: string }).field, 'after');
  }
});
