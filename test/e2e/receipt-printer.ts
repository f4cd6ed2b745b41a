// A raw TCP receipt printer on loopback for the end-to-end suite: answers the status query
// "fine" (DLE EOT 2) and keeps every job's bytes, so a test can read what the till printed.
import net from 'node:net';

export interface ReceiptPrinter {
  port: number;
  /** One Buffer per connection, in arrival order. */
  jobs: Buffer[];
  /** The jobs after the first `from`, once at least `count` of them arrived (or `timeoutMs` passed). */
  jobsSince(from: number, count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function startReceiptPrinter(): Promise<ReceiptPrinter> {
  const jobs: Buffer[] = [];
  const server = net.createServer((sock) => {
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => {
      chunks.push(c);
      if (c.includes(Buffer.from([0x10, 0x04, 0x02]))) sock.write(Buffer.from([0x12, 0x12]));
    });
    sock.on('end', () => jobs.push(Buffer.concat(chunks)));
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    jobs,
    async jobsSince(from, count, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (jobs.length < from + count && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return jobs.slice(from);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
