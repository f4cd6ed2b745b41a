// JSON over HTTP(S) to Kipu Central with the till's credential. node:http(s) rather than fetch so
// a private CA (KIPU_CENTRAL_CA_FILE) can be trusted without turning verification off, and so the
// answer's size is capped while it is read.
import http from 'node:http';
import https from 'node:https';

/** Central's answers are small (acks, a catalog page); anything bigger is refused. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface CentralClientOptions {
  /** Base URL, e.g. https://central.cadena.bo */
  url: string;
  /** The till's credential, `kct_<tillId>_<secret>`. */
  token: string;
  ca?: string | null;
  timeoutMs?: number;
}

export interface CentralAnswer {
  status: number;
  body: unknown;
  /** Retry-After of a 429, in seconds (null when absent or not a number of seconds). */
  retryAfterSeconds?: number | null;
}

export class CentralTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CentralTransportError';
  }
}

export class CentralClient {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(private readonly o: CentralClientOptions) {
    this.base = new URL(o.url.endsWith('/') ? o.url : `${o.url}/`);
    this.agent = this.base.protocol === 'https:' ? new https.Agent({ keepAlive: true, ...(o.ca ? { ca: o.ca } : {}) }) : new http.Agent({ keepAlive: true });
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CentralAnswer> {
    const url = new URL(path.replace(/^\//, ''), this.base);
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = mod.request(
        url,
        {
          method,
          agent: this.agent,
          timeout: this.o.timeoutMs ?? 30_000,
          headers: {
            authorization: `Bearer ${this.o.token}`,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_RESPONSE_BYTES) {
              req.destroy(new CentralTransportError('respuesta de Central demasiado grande'));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = { raw: text.slice(0, 200) };
            }
            const retryAfter = Number(res.headers['retry-after']);
            resolve({ status: res.statusCode ?? 0, body: parsed, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null });
          });
          res.on('error', (e) => reject(new CentralTransportError(e.message)));
        },
      );
      req.on('timeout', () => req.destroy(new CentralTransportError('Central no respondió a tiempo')));
      req.on('error', (e) => reject(e instanceof CentralTransportError ? e : new CentralTransportError(e.message)));
      req.end(payload ?? undefined);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
