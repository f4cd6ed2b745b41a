// The worker thread that reads large SIAT answers (main/workers/pool.ts): a catalog or a
// consultaCompras of up to 16 MiB took seconds of the engine's thread to parse (issue 25; the
// figures are in decision 0067). It also reads consultaCompras's archivo (consulta-archivo.ts).
import { readAnswer, type AnswerJob, type AnswerRead } from '../siat/answer-read';
import { readConsultaArchivo, type ReadArchivo } from '../purchases/consulta-archivo';
import { serveJobs } from '../workers/serve-jobs';

export type SiatReadJob = { answer: AnswerJob } | { archivo: Uint8Array | null };
export type SiatReadResult = AnswerRead | ReadArchivo;

serveJobs<SiatReadJob, SiatReadResult>(async (job) => {
  if ('answer' in job) return readAnswer(job.answer);
  return readConsultaArchivo(job.archivo ? Buffer.from(job.archivo.buffer, job.archivo.byteOffset, job.archivo.byteLength) : null);
});
