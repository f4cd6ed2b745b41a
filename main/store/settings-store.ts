// Key/value settings as JSON, per tenant or installation-wide (tenant '').
import type { Db } from './db';
import { prepared } from './statements';

export class SettingsStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get<T>(tenantId: string, key: string): T | null {
    const r = prepared(this.db, 'SELECT value FROM settings WHERE tenant_id = ? AND key = ?').get(tenantId, key) as
      | { value: string }
      | undefined;
    return r ? (JSON.parse(r.value) as T) : null;
  }

  set(tenantId: string, key: string, value: unknown): void {
    prepared(this.db, 
        `INSERT INTO settings (tenant_id, key, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(tenantId, key, JSON.stringify(value), this.now().toISOString());
  }
}
