// "The same durable SQLite commit, timed alone in a loop" (issue 25's profile alternative): the
// statements the sale path's group commits ran, recorded with their arguments while the pipeline
// ran, replayed in the same order on a copy of the database taken right before, with the same
// pragmas on the same disk. Recording wraps better-sqlite3's Statement methods (every statement of
// the connection goes through them, the transactions' BEGIN, SAVEPOINT and COMMIT included); the
// commits are told apart by GroupCommitter.flush being on the stack.
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { applyPragmas, type Db } from '../../main/store/db';
import { GroupCommitter } from '../../main/store/group-commit';
import { runQueueWaitMs } from '../../main/metrics/stage-times';

type Method = 'run' | 'get' | 'all' | 'iterate';
interface Call {
  sql: string;
  method: Method;
  args: unknown[];
  /** The group commit this call ran in (its index), or null outside one. */
  flush: number | null;
}

export interface SqlRecorder {
  /** Starts recording; the database must be copied right before (nothing written between). */
  start(maxCommits: number): void;
  /** Group commits since the recorder was made (every one, recorded or not) and the sales they held. */
  readonly commits: number;
  readonly jobs: number;
  /** Wall-clock ms spent inside the group commits' statements (BEGIN and COMMIT included), not in the JavaScript between them. */
  readonly sqlMs: number;
  /** Of sqlMs, the engine thread's run-queue wait (stage-times.ts): waiting for a core, not for the disk. */
  readonly sqlWaitMs: number;
  readonly calls: readonly Call[];
  stop(): void;
}

/** A group commit's nesting after `sql`: BEGIN opens it, each job is a savepoint at depth 1 (its own may nest). */
function nesting(sql: string, depth: number): { depth: number; job: boolean } {
  if (sql === 'BEGIN IMMEDIATE') return { depth: 1, job: false };
  if (sql.startsWith('SAVEPOINT')) return { depth: depth + 1, job: depth === 1 };
  if (sql.startsWith('RELEASE')) return { depth: depth - 1, job: false };
  if (sql === 'COMMIT' || sql === 'ROLLBACK') return { depth: 0, job: false };
  return { depth, job: false };
}

/** Wraps the connection's statements and the group committer's flush (process-wide: one per bench). */
export function sqlRecorder(db: Db): SqlRecorder {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<Method, (...a: unknown[]) => unknown> & { source?: string };
  const calls: Call[] = [];
  let recording = false;
  let limit = 0;
  let flushes = 0;
  let commits = 0;
  let jobs = 0;
  let sqlMs = 0;
  let sqlWaitMs = 0;
  let current: number | null = null;
  let depth = 0;
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (recording) calls.push({ sql: this.source, method, args, flush: current });
      const w = current === null ? 0 : runQueueWaitMs();
      const t = current === null ? 0 : performance.now();
      const out = original.apply(this, args);
      if (current !== null) {
        const ms = performance.now() - t;
        sqlMs += ms;
        sqlWaitMs += Math.min(ms, runQueueWaitMs() - w);
        const d = nesting(this.source, depth);
        if (d.job) jobs++;
        if (this.source === 'COMMIT') commits++;
        depth = d.depth;
      }
      return out;
    };
  }
  const flushProto = GroupCommitter.prototype as unknown as { flush: () => void };
  const flush = flushProto.flush;
  flushProto.flush = function (this: GroupCommitter) {
    current = flushes++;
    depth = 0;
    try {
      flush.call(this);
    } finally {
      current = null;
      if (recording && commits >= limit) recording = false;
    }
  };
  return {
    start(maxCommits) {
      calls.length = 0;
      limit = commits + maxCommits;
      recording = true;
    },
    stop() {
      recording = false;
    },
    get commits() {
      return commits;
    },
    get jobs() {
      return jobs;
    },
    get sqlMs() {
      return sqlMs;
    },
    get sqlWaitMs() {
      return sqlWaitMs;
    },
    calls,
  };
}

/**
 * Replays `calls` on the copy at `path` (its pragmas the store's) and returns the wall-clock ms
 * the group commits took (from their BEGIN to their COMMIT), of it the run-queue wait, how many
 * there were and how many sales they held.
 */
export function replayCommits(path: string, calls: readonly Call[]): { ms: number; waitMs: number; commits: number; sales: number } {
  const db = new Database(path);
  try {
    applyPragmas(db);
    const prepared = new Map<string, Database.Statement>();
    let ms = 0;
    let waitMs = 0;
    let commits = 0;
    let sales = 0;
    let began = 0;
    let waitAtBegin = 0;
    let depth = 0;
    for (const c of calls) {
      let stmt = prepared.get(c.sql);
      if (!stmt) prepared.set(c.sql, (stmt = db.prepare(c.sql)));
      if (c.flush !== null && c.sql === 'BEGIN IMMEDIATE') {
        waitAtBegin = runQueueWaitMs();
        began = performance.now();
      }
      if (c.method === 'iterate') for (const _ of stmt.iterate(...c.args)) void _;
      else (stmt[c.method] as (...a: unknown[]) => unknown)(...c.args);
      if (c.flush !== null) {
        const d = nesting(c.sql, depth);
        if (d.job) sales++;
        depth = d.depth;
        if (c.sql === 'COMMIT') {
          const took = performance.now() - began;
          ms += took;
          waitMs += Math.min(took, runQueueWaitMs() - waitAtBegin);
          commits++;
        }
      }
    }
    return { ms, waitMs, commits, sales };
  } finally {
    db.close();
  }
}
