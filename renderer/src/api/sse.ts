// Server-Sent Events over fetch: EventSource cannot send the X-API-Key header, so the stream
// is read with fetch + ReadableStream and parsed here (WHATWG "event stream interpretation").

export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

export interface SseParser {
  /** Feed decoded text; complete messages are emitted, partial lines are kept. */
  feed(chunk: string): void;
  /** Suggested reconnection delay (the stream's `retry:` field), if any. */
  retry(): number | undefined;
}

export function createSseParser(onMessage: (m: SseMessage) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;
  let retryMs: number | undefined;
  let first = true;

  function dispatch(): void {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
    event = '';
    data = [];
  }

  function line(l: string): void {
    if (l === '') return dispatch();
    if (l.startsWith(':')) return; // comment / keep-alive
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    feed(chunk: string) {
      if (first) {
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
        if (chunk.length > 0) first = false;
      }
      buffer += chunk;
      for (;;) {
        const m = /\r\n|\r|\n/.exec(buffer);
        if (!m) break;
        // A lone trailing CR may be the first half of CRLF: wait for more input.
        if (m[0] === '\r' && m.index === buffer.length - 1) break;
        line(buffer.slice(0, m.index));
        buffer = buffer.slice(m.index + m[0].length);
      }
    },
    retry: () => retryMs,
  };
}

/** Exponential backoff with a ceiling; `random` in [0,1) adds up to 20 % jitter. */
export function backoffDelay(attempt: number, random = 0, baseMs = 1000, maxMs = 30000): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(exp * (1 + 0.2 * random));
}

export interface StreamHandle {
  close(): void;
}

export interface StreamOptions {
  open: (signal: AbortSignal) => Promise<Response>;
  onMessage: (m: SseMessage) => void;
  onConnectionChange?: (connected: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

/** Keeps the stream open, reconnecting with backoff until closed. */
export function connectStream(opts: StreamOptions): StreamHandle {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let closed = false;
  let attempt = 0;
  let timer: unknown = null;
  let controller: AbortController | null = null;

  async function run(): Promise<void> {
    controller = new AbortController();
    let parser: SseParser | null = null;
    try {
      const res = await opts.open(controller.signal);
      if (!res.ok || !res.body) throw new Error(`stream HTTP ${res.status}`);
      opts.onConnectionChange?.(true);
      attempt = 0;
      parser = createSseParser(opts.onMessage);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // fall through to reconnect
    }
    if (closed) return;
    opts.onConnectionChange?.(false);
    const delay = Math.max(parser?.retry() ?? 0, backoffDelay(attempt++, Math.random()));
    timer = setTimer(() => void run(), delay);
  }

  void run();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      controller?.abort();
    },
  };
}
