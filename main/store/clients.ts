// The till's clients (migration 0017): who bought, by document, offered again by NIT or name as
// the cashier types (issue #13), and SIAT's verdicts on NITs with their date (a verdict younger
// than a day answers a sale without asking SIAT again). Always scoped by tenant.
import type { Db } from './db';
import { prepared } from './statements';

export interface ClientRecord {
  docType: number;
  docNumber: string;
  complement: string | null;
  name: string;
  code: string;
  email: string | null;
  lastUsedAt: string;
}

export interface NitVerdict {
  nit: string;
  valid: boolean;
  siatCode: number;
  siatMessage: string;
  checkedAt: string;
}

type Row = Record<string, unknown>;

const toClient = (r: Row): ClientRecord => ({
  docType: r.doc_type as number,
  docNumber: r.doc_number as string,
  complement: (r.complement as string) || null,
  name: r.name as string,
  code: r.code as string,
  email: (r.email as string | null) ?? null,
  lastUsedAt: r.last_used_at as string,
});

export class ClientRepository {
  constructor(private readonly db: Db) {}

  /** Records a sale's client (inside the sale's transaction): the newest name and e-mail win. */
  remember(tenantId: string, c: Omit<ClientRecord, 'lastUsedAt'>, at: string): void {
    prepared(this.db,
      `INSERT INTO clients (tenant_id, doc_type, doc_number, complement, name, code, email, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, doc_type, doc_number, complement) DO UPDATE SET
         name = excluded.name, code = excluded.code, email = COALESCE(excluded.email, clients.email),
         last_used_at = excluded.last_used_at, uses = clients.uses + 1`,
    ).run(tenantId, c.docType, c.docNumber, c.complement ?? '', c.name, c.code, c.email, at);
  }

  /** Forgets the remembered clients whose code starts with `prefix` (the training demo store). */
  removeByCodePrefix(tenantId: string, prefix: string): number {
    return prepared(this.db, 'DELETE FROM clients WHERE tenant_id = ? AND substr(code, 1, length(?)) = ?').run(tenantId, prefix, prefix).changes;
  }

  /** Clients whose document starts with `q` or whose name contains it; most used first. */
  suggest(tenantId: string, q: string, limit: number): ClientRecord[] {
    const text = q.trim();
    if (text === '') return [];
    const like = text.replace(/[\\%_]/g, (m) => `\\${m}`);
    return (
      prepared(this.db,
        `SELECT * FROM clients WHERE tenant_id = ? AND (doc_number LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' COLLATE NOCASE)
         ORDER BY uses DESC, last_used_at DESC LIMIT ?`,
      ).all(tenantId, `${like}%`, `%${like}%`, limit) as Row[]
    ).map(toClient);
  }

  nitVerdict(tenantId: string, nit: string): NitVerdict | null {
    const r = prepared(this.db, 'SELECT * FROM nit_verdicts WHERE tenant_id = ? AND nit = ?').get(tenantId, nit) as Row | undefined;
    return r ? { nit: r.nit as string, valid: r.valid === 1, siatCode: r.siat_code as number, siatMessage: r.siat_message as string, checkedAt: r.checked_at as string } : null;
  }

  saveNitVerdict(tenantId: string, v: NitVerdict): void {
    prepared(this.db,
      `INSERT INTO nit_verdicts (tenant_id, nit, valid, siat_code, siat_message, checked_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, nit) DO UPDATE SET valid = excluded.valid, siat_code = excluded.siat_code, siat_message = excluded.siat_message, checked_at = excluded.checked_at`,
    ).run(tenantId, v.nit, v.valid ? 1 : 0, v.siatCode, v.siatMessage, v.checkedAt);
  }
}
