// The F12 button as rendered while a sale waits for a supervisor (a discount over the store's
// limit): it says it waits for the approval, and «Emitiendo…» only once the PIN is sent.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../shared/till-roles';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { IssueButton } = await import('../../../renderer/src/sale/TotalsPanel');

const label = (issuing: boolean, awaiting: Role | null) => /<button[^>]*>(.*?)<\/button>/.exec(renderToStaticMarkup(createElement(IssueButton, { issuing, awaiting, onIssue: () => undefined })))?.[1];

describe('the F12 button', () => {
  it('says whose approval the sale waits for while the approval dialog asks, «Emitiendo…» once the PIN is sent', () => {
    expect(label(false, null)).toBe('<kbd>F12</kbd> Emitir e imprimir');
    expect(label(true, null)).toBe('Emitiendo…');
    expect(label(true, 'supervisor')).toBe('Esperando al supervisor…');
    expect(label(true, 'administrador')).toBe('Esperando al administrador…');
    // A dialog open for another request does not change an idle button.
    expect(label(false, 'supervisor')).toBe('<kbd>F12</kbd> Emitir e imprimir');
  });
});
