// Seed 001's sector emission and cancellation (issue 30, decision 0082): POST /api/v1/invoice/
// {electronic|computarized}/{rate|hospital|saleBon|debit|telecom|education}[/anulation], 24
// routes, all selling. They come from the sector table (SECTOR_ROUTES), and so do their schemas,
// built per sector and modality (shared/api/sector-emission.ts): declared here once, with the
// body and the answer (the envelope's `data`) the engine validates and serializes with
// (main/api/routes/sector-emission.ts registers these very objects). The till does not call them.
import type { TSchema } from 'typebox';
import { CREDIT_DEBIT_NOTE_SECTOR } from '../../sectors';
import {
  CancellationBody,
  CancellationResultSchema,
  NoteResultSchema,
  SECTOR_MODALITIES,
  SECTOR_ROUTES,
  cancellationPath,
  emissionBody,
  emissionPath,
  emissionResult,
  noteBody,
  type SectorModality,
  type SectorRoute,
} from '../sector-emission';
import { SELL, route, type Route } from './route';

type SchemaRoute = Route<'POST', string, { body: TSchema; response: TSchema }>;

/** One sector in one modality: its emission (the credit-debit note's own body and answer) and its cancellation. */
export interface SectorEmissionRoutes {
  sector: SectorRoute;
  modality: SectorModality;
  emit: SchemaRoute;
  cancel: SchemaRoute;
}

export const SECTOR_EMISSION: readonly SectorEmissionRoutes[] = SECTOR_ROUTES.flatMap((r) =>
  (Object.keys(SECTOR_MODALITIES) as SectorModality[]).map(
    (m): SectorEmissionRoutes => ({
      sector: r,
      modality: m,
      emit: route(
        'POST',
        emissionPath(m, r.segment),
        SELL,
        r.sector === CREDIT_DEBIT_NOTE_SECTOR ? { body: noteBody(m), response: NoteResultSchema } : { body: emissionBody(r, m), response: emissionResult(r.sector) },
      ),
      cancel: route('POST', cancellationPath(m, r.segment), SELL, { body: CancellationBody, response: CancellationResultSchema }),
    }),
  ),
);
