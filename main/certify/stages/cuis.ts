// Stage I: CUIS, asked of SIAT through the engine's CodesService (980, "already has one", is the
// CodesService's to handle: it keeps the CUIS SIAT says is in force).
import { STAGES } from '../requirements';
import { okStep, type Stage } from '../context';

export const cuisStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'cuis')!,
  async step(ctx, pos) {
    const cuis = await ctx.engine.codes.renewCuis(ctx.tenant, pos);
    return okStep(cuis.codigo);
  },
};
