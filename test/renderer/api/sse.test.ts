import { describe, expect, it } from 'vitest';
import { backoffDelay, connectStream, createSseParser, type SseMessage } from '../../../renderer/src/api/sse';

function collect(): { out: SseMessage[]; parser: ReturnType<typeof createSseParser> } {
  const out: SseMessage[] = [];
  return { out, parser: createSseParser((m) => out.push(m)) };
}

describe('SSE parser', () => {
  it('parses named events with JSON data split across chunks', () => {
    const { out, parser } = collect();
    parser.feed('event: status\ndata: {"training":tr');
    parser.feed('ue}\n\nevent: invoice\nid: 7\ndata: {"id":"x"}\n\n');
    expect(out).toEqual([
      { event: 'status', data: '{"training":true}', id: undefined },
      { event: 'invoice', data: '{"id":"x"}', id: '7' },
    ]);
  });

  it('joins multi-line data, handles CRLF and CR, ignores comments', () => {
    const { out, parser } = collect();
    parser.feed(': keep-alive\r\ndata: a\r\ndata: b\r\n\r');
    parser.feed('\nevent: x\rdata:c\r\r\n');
    expect(out).toEqual([
      { event: 'message', data: 'a\nb', id: undefined },
      { event: 'x', data: 'c', id: undefined },
    ]);
  });

  it('does not emit an event without data and reads retry', () => {
    const { out, parser } = collect();
    parser.feed('event: ping\n\nretry: 5000\n\n');
    expect(out).toEqual([]);
    expect(parser.retry()).toBe(5000);
  });

  it('strips a leading BOM', () => {
    const { out, parser } = collect();
    parser.feed('\uFEFFdata: 1\n\n');
    expect(out[0]?.data).toBe('1');
  });
});

describe('reconnection', () => {
  it('backs off exponentially up to 30 s', () => {
    expect(backoffDelay(0)).toBe(1000);
    expect(backoffDelay(3)).toBe(8000);
    expect(backoffDelay(10)).toBe(30000);
    expect(backoffDelay(0, 0.5)).toBe(1100);
  });

  it('reconnects after the stream fails and reports the connection state', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const states: boolean[] = [];
    const messages: SseMessage[] = [];
    let opens = 0;
    const body = () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('event: status\ndata: {}\n\n'));
          c.close();
        },
      });
    const handle = connectStream({
      open: async () => {
        opens++;
        if (opens === 1) throw new Error('refused');
        return new Response(body(), { status: 200 });
      },
      onMessage: (m) => messages.push(m),
      onConnectionChange: (c) => states.push(c),
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThanOrEqual(1000);
    timers[0]!.fn();
    await new Promise((r) => setTimeout(r, 10));
    expect(messages.map((m) => m.event)).toEqual(['status']);
    expect(states).toEqual([false, true, false]);
    handle.close();
  });
});
