// The assistant's embedding cache (migration 0017): one vector per (model, text), so each text is
// embedded once per installed model. Derived data, never fiscal: rows of another model or of
// texts gone from the corpus are dropped.
import type { Db } from './db';
import { prepared } from './statements';

export class EmbeddingRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stored vectors of the model among the given text hashes. */
  vectors(modelSha256: string, textShas: readonly string[]): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    const stmt = prepared(this.db, 'SELECT vector, dimensions FROM ai_embeddings WHERE model_sha256 = ? AND text_sha256 = ?');
    for (const sha of new Set(textShas)) {
      const row = stmt.get(modelSha256, sha) as { vector: Buffer; dimensions: number } | undefined;
      if (!row) continue;
      // Copy out of the driver's buffer: its byte offset need not be 4-aligned.
      const bytes = new Uint8Array(row.vector);
      if (bytes.byteLength !== row.dimensions * 4) continue;
      out.set(sha, new Float32Array(bytes.buffer, bytes.byteOffset, row.dimensions).slice());
    }
    return out;
  }

  put(modelSha256: string, rows: readonly { textSha256: string; vector: Float32Array }[]): void {
    const at = this.now().toISOString();
    const stmt = prepared(this.db, 'INSERT OR REPLACE INTO ai_embeddings (model_sha256, text_sha256, dimensions, vector, created_at) VALUES (?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const r of rows) stmt.run(modelSha256, r.textSha256, r.vector.length, Buffer.from(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength), at);
    })();
  }

  /** Drops the vectors of other models and of texts no longer in the corpus; returns how many rows went. */
  prune(modelSha256: string, keep: ReadonlySet<string>): number {
    return this.db.transaction(() => {
      let n = prepared(this.db, 'DELETE FROM ai_embeddings WHERE model_sha256 <> ?').run(modelSha256).changes;
      const del = prepared(this.db, 'DELETE FROM ai_embeddings WHERE model_sha256 = ? AND text_sha256 = ?');
      for (const r of prepared(this.db, 'SELECT text_sha256 FROM ai_embeddings WHERE model_sha256 = ?').all(modelSha256) as { text_sha256: string }[]) {
        if (!keep.has(r.text_sha256)) n += del.run(modelSha256, r.text_sha256).changes;
      }
      return n;
    })();
  }

  count(modelSha256: string): number {
    return (prepared(this.db, 'SELECT COUNT(*) n FROM ai_embeddings WHERE model_sha256 = ?').get(modelSha256) as { n: number }).n;
  }
}
