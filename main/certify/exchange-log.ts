// The evidence's data folder: every SIAT request and answer of a certification run, one file per
// exchange, in the folder of the stage that made it. Secrets are redacted before anything touches
// the disk: the token (`apikey` header) and any certificate or private key a body might carry
// (the signed XML travels gzipped inside `archivo`; its X509 certificate is public, but a PEM in
// the clear is not written either).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REDACTED = '[REDACTADO]';

/** Headers and body with the token and any PEM block replaced. Pure. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g, REDACTED);
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

function headerLines(headers: RequestInit['headers']): string[] {
  const h = new Headers(headers);
  const out: string[] = [];
  h.forEach((v, k) => out.push(`${k}: ${k.toLowerCase() === 'apikey' || k.toLowerCase() === 'authorization' ? REDACTED : v}`));
  return out;
}

export interface ExchangeLog {
  /** The fetch the engine's SIAT client uses (EngineDeps.siatFetch). */
  fetch: typeof fetch;
  /** Where the next exchanges go (the runner sets it per stage and point of sale). */
  setFolder(name: string): void;
  /** Exchanges written so far by this process. */
  readonly count: number;
}

export function exchangeLog(dataDir: string, secrets: () => readonly string[], inner: typeof fetch = fetch): ExchangeLog {
  let folder = 'inicio';
  let count = 0;
  const write = (into: string, name: string, text: string) => {
    const dir = join(dataDir, into);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), redact(text, secrets()));
  };
  const recording: typeof fetch = async (input, init) => {
    const n = ++count;
    const into = folder;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const base = `${stamp}-${String(n).padStart(6, '0')}`;
    const body = typeof init?.body === 'string' ? init.body : init?.body ? '[cuerpo binario]' : '';
    write(into, `${base}-solicitud.txt`, [`${init?.method ?? 'GET'} ${url}`, ...headerLines(init?.headers), '', body].join('\n'));
    try {
      const res = await inner(input, init);
      // Read a copy: the client reads the original with its own size cap.
      const copy = res.clone();
      void copy.text().then(
        (t) => write(into, `${base}-respuesta.txt`, [`HTTP ${res.status}`, '', t].join('\n')),
        (e: unknown) => write(into, `${base}-respuesta.txt`, `sin respuesta legible: ${(e as Error).message}`),
      );
      return res;
    } catch (err) {
      write(into, `${base}-respuesta.txt`, `sin respuesta: ${(err as Error).message}`);
      throw err;
    }
  };
  return {
    fetch: recording,
    setFolder: (name) => (folder = name),
    get count() {
      return count;
    },
  };
}
