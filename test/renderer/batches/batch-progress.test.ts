import { describe, expect, it } from 'vitest';
import { batchProgress, batchStateLabel, isActive, itemStateLabel, problemText } from '../../../renderer/src/batches/batch-progress';
import { formatDateTime } from '../../../renderer/src/format/dates';

describe('batch progress', () => {
  it('counts validated, rejected, cancelled and refused items as settled; queued and pending are not', () => {
    expect(batchProgress({ VALIDATED: 2, REFUSED: 1 }, 3)).toEqual({ settled: 3, total: 3, percent: 100 });
    expect(batchProgress({ QUEUED: 5, PENDING: 3, VALIDATED: 1, REJECTED: 1 }, 10)).toEqual({ settled: 2, total: 10, percent: 20 });
    expect(batchProgress({ CANCELLED: 1, QUEUED: 2 }, 3).percent).toBe(33);
  });

  it('a batch whose items were all refused is complete, and no count divides by zero', () => {
    expect(batchProgress({ REFUSED: 4 }, 4).percent).toBe(100);
    expect(batchProgress({}, 0).percent).toBe(100);
  });

  it('only a COMPLETED batch stops moving', () => {
    expect(['ISSUING', 'SENDING', 'VALIDATING', 'COMPLETED'].map((state) => isActive({ state }))).toEqual([true, true, true, false]);
  });

  it('speaks Spanish for batch and item states and names the field of each problem', () => {
    expect(batchStateLabel('COMPLETED')).toBe('Completado');
    expect(batchStateLabel('VALIDATING')).toBe('Esperando a SIAT');
    expect(itemStateLabel('REFUSED')).toBe('Rechazado por Kipu');
    expect(itemStateLabel('QUEUED')).toBe('En cola');
    expect(itemStateLabel('VALIDATED')).toBe('Validada');
    expect(problemText({ field: 'items[1].nameStudent', rule: 'required', message: 'es obligatorio' })).toBe('items[1].nameStudent: es obligatorio');
    expect(problemText({ field: '', rule: 'x', message: 'no se pudo' })).toBe('no se pudo');
  });

  it('shows a batch’s zoned instant in Bolivia time as dd/mm/aaaa hh:mm', () => {
    expect(formatDateTime('2025-03-07T13:05:00.000Z')).toBe('07/03/2025 09:05');
    expect(formatDateTime('2025-03-07T09:05:00')).toBe('07/03/2025 09:05');
    expect(formatDateTime(null)).toBe('—');
  });
});
