// The current sale's sector fields as typed (issue #12): header values and, per cart line, the
// line values. Cleared with the sale.
import { create } from 'zustand';
import { EMPTY_SECTOR_DRAFT, type SectorDraft } from './sector-form';

interface SectorState {
  draft: SectorDraft;
  setHeader(key: string, value: string): void;
  setLine(lineKey: string, key: string, value: string): void;
  reset(): void;
}

export const useSector = create<SectorState>()((set) => ({
  draft: EMPTY_SECTOR_DRAFT,
  setHeader: (key, value) => set((s) => ({ draft: { ...s.draft, header: { ...s.draft.header, [key]: value } } })),
  setLine: (lineKey, key, value) =>
    set((s) => ({ draft: { ...s.draft, lines: { ...s.draft.lines, [lineKey]: { ...s.draft.lines[lineKey], [key]: value } } } })),
  reset: () => set({ draft: EMPTY_SECTOR_DRAFT }),
}));
