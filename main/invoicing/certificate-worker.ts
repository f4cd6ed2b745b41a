// The worker thread that opens uploaded signing certificates (main/workers/pool.ts): a PKCS#12's
// key derivation runs up to 600,000 PBKDF2 rounds in node-forge, seconds of CPU that on the
// engine's thread every till waited for (issue 25). A CertificateError comes back as data, so the
// caller answers the same 422 it always did.
import { CertificateError, loadCertificate, type CertificateErrorCode, type LoadedCertificate } from './certificate';
import { serveJobs } from '../workers/serve-jobs';

export type CertificateInput = Parameters<typeof loadCertificate>[0];
export type CertificateAnswer = { cert: LoadedCertificate } | { error: { code: CertificateErrorCode; message: string } };

/** Opens `input` (a Buffer crossed the thread as a plain Uint8Array) and answers its certificate or its CertificateError. */
export async function openCertificate(input: CertificateInput): Promise<CertificateAnswer> {
  try {
    const cert = 'p12' in input ? loadCertificate({ p12: Buffer.from(input.p12.buffer, input.p12.byteOffset, input.p12.byteLength), password: input.password }) : loadCertificate(input);
    return { cert };
  } catch (err) {
    if (err instanceof CertificateError) return { error: { code: err.code, message: err.message } };
    throw err;
  }
}

serveJobs<CertificateInput, CertificateAnswer>(openCertificate);
