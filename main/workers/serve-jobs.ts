// The worker side of main/workers/pool.ts: answers each `{ id, job }` with `{ id, result }` or
// `{ id, error }`, one job at a time; `transfer` names the result's buffers to move, not copy.
import { parentPort } from 'node:worker_threads';
import type { WorkerAnswer } from './pool';

export function serveJobs<J, R>(work: (job: J) => Promise<R>, transfer: (result: R) => ArrayBuffer[] = () => []): void {
  const port = parentPort;
  if (!port) return;
  port.on('message', (m: { id: number; job: J }) => {
    work(m.job).then(
      (result) => port.postMessage({ id: m.id, result } satisfies WorkerAnswer<R>, transfer(result)),
      (err: unknown) => port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer<R>),
    );
  });
}
