// Reading an HTTP answer whose size nobody promised: every body the engine (or a command of it)
// reads from the network has a cap, checked while it arrives (STYLE: bounded input). Shared by
// the SIAT client and `certify --seguimiento`.

/** The answer grew past the cap: thrown from inside the read; nothing past the cap was buffered. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`la respuesta supera ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads the (already decoded) body as UTF-8, as Response.text() does, but stops and cancels
 * the stream as soon as more than `maxBytes` have arrived: nothing past the cap is buffered.
 */
export async function readCappedText(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
