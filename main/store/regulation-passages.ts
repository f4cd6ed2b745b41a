// The regulation corpus index (migration 0008): which files of a collection were indexed (size,
// mtime, hash) and their passages. Ranking happens in memory (main/ai/retrieval.ts); the FTS5
// table of 0008 is still kept up to date by its triggers.
import type { Db } from './db';
import { prepared } from './statements';

export interface IndexedFile {
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface PassageText {
  seq: number;
  titulo: string;
  texto: string;
}

/** One refresh of a collection, applied in one transaction: a search never sees half a file. */
export interface CorpusChanges {
  removed: string[];
  /** Same content, new size or mtime: only the file's row changes. */
  touched: { path: string; size: number; mtimeMs: number }[];
  /** New or changed files: their passages are replaced. */
  replaced: (IndexedFile & { passages: PassageText[] })[];
}

export class RegulationPassageRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  files(collection: string): IndexedFile[] {
    return (
      prepared(this.db, 'SELECT path, size, mtime_ms, sha256 FROM ai_corpus_files WHERE collection = ?').all(collection) as {
        path: string;
        size: number;
        mtime_ms: number;
        sha256: string;
      }[]
    ).map((r) => ({ path: r.path, size: r.size, mtimeMs: r.mtime_ms, sha256: r.sha256 }));
  }

  apply(collection: string, changes: CorpusChanges): void {
    const at = this.now().toISOString();
    this.db
      .transaction(() => {
        const dropPassages = prepared(this.db, 'DELETE FROM ai_passages WHERE collection = ? AND path = ?');
        for (const path of changes.removed) {
          dropPassages.run(collection, path);
          prepared(this.db, 'DELETE FROM ai_corpus_files WHERE collection = ? AND path = ?').run(collection, path);
        }
        for (const t of changes.touched) {
          prepared(this.db, 'UPDATE ai_corpus_files SET size = ?, mtime_ms = ? WHERE collection = ? AND path = ?').run(t.size, t.mtimeMs, collection, t.path);
        }
        const upsert = prepared(
          this.db,
          `INSERT INTO ai_corpus_files (collection, path, size, mtime_ms, sha256, passages, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (collection, path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, sha256 = excluded.sha256,
             passages = excluded.passages, indexed_at = excluded.indexed_at`,
        );
        const insert = prepared(this.db, 'INSERT INTO ai_passages (collection, path, seq, titulo, texto) VALUES (?, ?, ?, ?, ?)');
        for (const f of changes.replaced) {
          dropPassages.run(collection, f.path);
          upsert.run(collection, f.path, f.size, f.mtimeMs, f.sha256, f.passages.length, at);
          for (const p of f.passages) insert.run(collection, f.path, p.seq, p.titulo, p.texto);
        }
      })
      .immediate();
  }

  passageCount(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM ai_passages').get() as { n: number }).n;
  }

  /** The passages of a collection, in file and position order. */
  passages(collection: string): { path: string; seq: number; titulo: string; texto: string }[] {
    return prepared(this.db, 'SELECT path, seq, titulo, texto FROM ai_passages WHERE collection = ? ORDER BY path, seq').all(collection) as {
      path: string;
      seq: number;
      titulo: string;
      texto: string;
    }[];
  }
}
