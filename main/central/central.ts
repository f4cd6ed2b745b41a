// Kipu Central's composition: the PostgreSQL pool, the migrations, the HTTP(S) service.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { CentralSettings } from '../config/central-settings';
import { centralDashboardDir } from '../config/paths';
import { migrateCentral, openPool, type Pool } from './store/pg';
import { buildCentralServer, type CentralServerOptions } from './server';

export interface Central {
  url: string;
  port: number;
  pool: Pool;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startCentral(
  settings: CentralSettings,
  deps: { logger: Logger; dashboardDir?: string | null; pdf?: CentralServerOptions['pdf']; anonPerMinute?: number },
): Promise<Central> {
  const pool = openPool(settings.databaseUrl, settings.poolSize);
  // A connection dropped by the server (restart, fail-over) is replaced on the next query.
  pool.on('error', (err) => deps.logger.warn({ err: err.message }, 'Kipu Central: conexión a PostgreSQL perdida'));
  try {
    const applied = await migrateCentral(pool);
    if (applied.length > 0) deps.logger.info({ applied }, 'Kipu Central: migraciones aplicadas');
    const app = await buildCentralServer({
      pool,
      logger: deps.logger,
      dashboardDir: deps.dashboardDir === undefined ? centralDashboardDir() : deps.dashboardDir,
      tls: settings.tls,
      rateLimits: settings.rateLimits,
      pdf: deps.pdf,
      anonPerMinute: deps.anonPerMinute,
    });
    await app.listen({ host: settings.host, port: settings.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
    return {
      url: `${settings.tls ? 'https' : 'http'}://${host}:${port}`,
      port,
      pool,
      app,
      close: async () => {
        await app.close();
        await pool.end();
      },
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}
