// The administrator's texts: the .txt/.md files in KIPU_AI_CORPUS_DIR, split into passages
// (passages.ts) and kept in SQLite (migration 0008), a collection of their own ("administrador")
// beside the rule cards Kipu ships. The assistant (assistant.ts) loads them into its retrieval
// index. Files come from the administrator, never from the network.
// Runs in: engine.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { CorpusChanges, RegulationPassageRepository } from '../store/regulation-passages';
import { splitPassages } from './passages';
import { COLLECTION_ADMIN, type AdminPassage } from './assistant';

/** Before the shipped cards (issue 20) the administrator's files were indexed under this name. */
const LEGACY_COLLECTION = 'normativas';

const EXTENSIONS = /\.(md|markdown|txt)$/i;
/** A regulation is text: a bigger file is most likely something copied there by mistake. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 5000;
const MAX_DEPTH = 8;

export interface RefreshReport {
  files: number;
  passages: number;
  /** Files (re)indexed because they are new or their content changed. */
  indexed: string[];
  /** Files gone from the folder, dropped from the index. */
  removed: string[];
  /** Files left out, with the reason (too big, unreadable …). */
  skipped: { path: string; reason: string }[];
  /** False when the folder does not exist (no corpus installed). */
  folderFound: boolean;
}

/** Files may come from Windows editors in Latin-1 / Windows-1252: UTF-8 first, else that. */
export function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

export class RegulationCorpus {
  constructor(
    private readonly repo: RegulationPassageRepository,
    readonly dir: string,
  ) {}

  /** Corpus files under the folder (relative paths with '/'), skipping hidden entries. */
  private scan(skipped: RefreshReport['skipped']): { files: Map<string, Stats>; folderFound: boolean } {
    const files = new Map<string, Stats>();
    let root: Stats;
    try {
      root = statSync(this.dir);
    } catch {
      return { files, folderFound: false };
    }
    if (!root.isDirectory()) return { files, folderFound: false };
    const walk = (dir: string, depth: number) => {
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch (err) {
        skipped.push({ path: relative(this.dir, dir) || '.', reason: `no se puede leer la carpeta (${(err as Error).message})` });
        return;
      }
      for (const name of names) {
        if (name.startsWith('.') || files.size >= MAX_FILES) continue;
        const full = join(dir, name);
        let st: Stats;
        try {
          st = statSync(full);
        } catch {
          continue;
        }
        const rel = relative(this.dir, full).split(sep).join('/');
        if (st.isDirectory()) {
          if (depth < MAX_DEPTH) walk(full, depth + 1);
        } else if (st.isFile() && EXTENSIONS.test(name)) {
          if (st.size > MAX_FILE_BYTES) skipped.push({ path: rel, reason: `más de ${MAX_FILE_BYTES / 1024 / 1024} MB` });
          else files.set(rel, st);
        }
      }
    };
    walk(this.dir, 0);
    return { files, folderFound: true };
  }

  /**
   * Brings the index in line with the folder: new and changed files are split and indexed again,
   * files that are gone are dropped, untouched ones (same size and mtime, or same hash) are left
   * alone. One transaction: a search never sees half a file.
   */
  refresh(): RefreshReport {
    const skipped: RefreshReport['skipped'] = [];
    const { files, folderFound } = this.scan(skipped);
    // Files indexed under the old collection name are indexed again under the new one.
    const legacy = this.repo.files(LEGACY_COLLECTION).map((r) => r.path);
    if (legacy.length > 0) this.repo.apply(LEGACY_COLLECTION, { removed: legacy, touched: [], replaced: [] });
    const known = new Map(this.repo.files(COLLECTION_ADMIN).map((r) => [r.path, r]));
    const indexed: string[] = [];
    const removed: string[] = [];
    const work: { path: string; st: Stats; sha: string; text: string; touchOnly: boolean }[] = [];

    for (const [path, st] of files) {
      const row = known.get(path);
      const mtime = Math.trunc(st.mtimeMs);
      if (row && row.size === st.size && row.mtimeMs === mtime) continue;
      let buf: Buffer;
      try {
        buf = readFileSync(join(this.dir, ...path.split('/')));
      } catch (err) {
        skipped.push({ path, reason: `no se puede leer (${(err as Error).message})` });
        continue;
      }
      const sha = createHash('sha256').update(buf).digest('hex');
      work.push({ path, st, sha, text: decodeText(buf), touchOnly: row?.sha256 === sha });
    }
    for (const path of known.keys()) {
      // A file that failed to read is still listed, so it keeps its old passages; a deleted (or now
      // oversized) one loses them.
      if (!files.has(path)) removed.push(path);
    }

    const changes: CorpusChanges = { removed, touched: [], replaced: [] };
    for (const w of work) {
      const mtimeMs = Math.trunc(w.st.mtimeMs);
      if (w.touchOnly) {
        changes.touched.push({ path: w.path, size: w.st.size, mtimeMs });
        continue;
      }
      changes.replaced.push({ path: w.path, size: w.st.size, mtimeMs, sha256: w.sha, passages: splitPassages(w.path, w.text) });
      indexed.push(w.path);
    }
    this.repo.apply(COLLECTION_ADMIN, changes);

    return { files: files.size, passages: this.passageCount(), indexed, removed, skipped, folderFound };
  }

  passageCount(): number {
    return this.repo.passageCount();
  }

  /** Every passage of the administrator's collection, for the retrieval index. */
  passages(): AdminPassage[] {
    return this.repo.passages(COLLECTION_ADMIN);
  }
}
