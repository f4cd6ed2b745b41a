// The worker thread that packs massive batches' packages (main/workers/pool.ts): the tar.gz of up
// to 1,000 invoices (a 500-line invoice's XML is ~200 KB) and its SHA-256 took the engine's thread
// for as long as gzip ran (issue 25). The same packer as inline (archive.ts).
import { packPackage } from './archive';
import { serveJobs } from '../workers/serve-jobs';

export type PackJob = { name: string; xml: string }[];
export interface PackResult {
  tarGz: Uint8Array;
  hashArchivo: string;
}

serveJobs<PackJob, PackResult>(
  async (files) => {
    const { tarGz, hashArchivo } = packPackage(files);
    // A copy in an ArrayBuffer of its own: moving the Buffer's could take Node's shared pool with it.
    return { tarGz: new Uint8Array(tarGz), hashArchivo };
  },
  (r) => [r.tarGz.buffer as ArrayBuffer],
);
