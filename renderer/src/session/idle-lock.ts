// The till locks itself after the store's idle time without a key or a click (issue 27): the PIN
// screen comes back and the sale in progress waits in memory. The engine locks the session on
// its side too (idleMinutes); this is what the cashier sees without having to send a request.
export interface IdleWatchOptions {
  idleMs: number;
  onIdle: () => void;
  /** Where activity is heard (the window in the app; a stand-in in tests). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

const ACTIVITY = ['keydown', 'pointerdown', 'mousedown', 'wheel', 'touchstart'] as const;

/** Starts watching; returns the stop function. Each activity starts the count again. */
export function watchIdle(o: IdleWatchOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arm = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      stop();
      o.onIdle();
    }, o.idleMs);
  };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    for (const ev of ACTIVITY) o.target.removeEventListener(ev, arm, true);
  };
  for (const ev of ACTIVITY) o.target.addEventListener(ev, arm, true);
  arm();
  return stop;
}
