// A short beep when a scan fails: the cashier is looking at the customer, not the screen.
let ctx: AudioContext | null = null;

export function beepError(): void {
  try {
    const AC = globalThis.AudioContext;
    if (!AC) return;
    ctx ??= new AC();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = 330;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.18);
  } catch {
    // no audio device: silent
  }
}
