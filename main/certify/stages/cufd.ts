// Stage III: CUFD, each step a new one from SIAT through the engine's CodesService.
import { STAGES } from '../requirements';
import { okStep, type Stage } from '../context';

export const cufdStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'cufd')!,
  async step(ctx, pos) {
    const cufd = await ctx.engine.codes.renewCufd(ctx.tenant, pos);
    return okStep(cufd.codigo);
  },
};
