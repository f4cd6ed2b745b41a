// Scores the assistant's answers on a set of held-in-style questions (issue 31): right, refused
// (not dangerous) or a confident wrong answer, as test/fixtures/ai/held-in-questions.ts defines.
import type { Assistant, AskResult } from '../../../main/ai/assistant';
import type { HeldInItem } from '../../fixtures/ai/held-in-questions';

export type Verdict = 'right' | 'refused' | 'wrong';

/** What the answer consists of: card ids, "guia:<code>", or [] for a refusal. */
export function answered(r: AskResult): string[] {
  if (r.tipo === 'ficha' || r.tipo === 'pasaje') return r.respuestas.map((h) => h.id);
  if (r.tipo === 'guia') return [`guia:${r.codigo}`];
  return [];
}

export function verdict(item: HeldInItem, r: AskResult): Verdict {
  const ids = answered(r);
  if (item.expect === null) return ids.length === 0 ? 'right' : 'wrong';
  if (ids.length === 0) return 'refused';
  if (!item.expect.includes(ids[0]!)) return 'wrong';
  return (item.all ?? []).every((id) => ids.includes(id)) ? 'right' : 'refused';
}

export function score(assistant: Assistant, set: HeldInItem[]): { right: number; refused: string[]; wrong: string[]; results: { item: HeldInItem; r: AskResult; v: Verdict }[] } {
  const results = set.map((item) => {
    const r = assistant.ask(item.q);
    return { item, r, v: verdict(item, r) };
  });
  const line = (x: (typeof results)[number]) => `${x.item.q} → ${answered(x.r).join(' + ') || 'sin respuesta'} (esperada ${x.item.expect?.join(' | ') ?? 'ninguna'})`;
  return {
    right: results.filter((x) => x.v === 'right').length,
    refused: results.filter((x) => x.v === 'refused').map(line),
    wrong: results.filter((x) => x.v === 'wrong').map(line),
    results,
  };
}
