// Stage II: the 18 catalogs, 50 times each per point of sale. Step `seq` is catalog seq % 18 of
// round seq / 18: the date-time first, then the engine's 17 lists in CatalogService order.
import { CATALOGS, type CatalogName } from '../../catalogs/catalog-sync';
import { CATALOG_COUNT, STAGES } from '../requirements';
import { okStep, type Stage } from '../context';

const LISTS = Object.keys(CATALOGS) as CatalogName[];
if (LISTS.length + 1 !== CATALOG_COUNT) throw new Error(`certify: ${LISTS.length} catalog lists + date-time ≠ ${CATALOG_COUNT}`);

export const catalogsStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'catalogs')!,
  async step(ctx, pos, seq) {
    const i = seq % CATALOG_COUNT;
    if (i === 0) {
      const clock = await ctx.engine.codes.syncClock(ctx.tenant, pos);
      return okStep(`fecha-hora ${clock.fechaHora}`);
    }
    const name = LISTS[i - 1]!;
    const r = await ctx.engine.catalogs.sync(ctx.tenant, pos, name);
    return okStep(`${name} (${r.count})`);
  },
};
