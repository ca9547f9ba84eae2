import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { embeddedClusterDir, startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.js';
import { loadSecrets } from '../lib/secrets.js';
import { largeScale, seedLarge, type LargeScale } from './large.js';
import { seedDemoData } from './seed.js';

/**
 * `npm run seed:large`: fills an empty database with the demo and then the large data set. The database is
 * DATABASE_URL's, or an embedded cluster under DATA_DIR (made when missing, stopped afterwards).
 * SEED_LARGE_FACTOR (e.g. 0.1) scales every count down or up.
 */
const out = (line: string) => process.stdout.write(`${line}\n`);

function scaled(factor: number): LargeScale {
  if (factor === 1) return largeScale;
  const n = (value: number) => Math.max(1, Math.round(value * factor));
  return {
    customers: n(largeScale.customers),
    facilities: n(largeScale.facilities),
    patients: n(largeScale.patients),
    products: n(largeScale.products),
    assortment: { min: Math.min(n(largeScale.products), largeScale.assortment.min), max: Math.min(n(largeScale.products), largeScale.assortment.max) },
    packingOrders: n(largeScale.packingOrders),
    invoices: n(largeScale.invoices),
  };
}

async function main() {
  const config = loadConfig();
  const { secrets } = await loadSecrets(config);
  const factor = Number(process.env.SEED_LARGE_FACTOR ?? 1);
  if (!(factor > 0)) throw new Error('SEED_LARGE_FACTOR must be a positive number');
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: () => undefined,
    error: (...parts: unknown[]) => process.stderr.write(`${parts.map((p) => (typeof p === 'string' ? p : inspect(p))).join(' ')}\n`),
  };
  const started = performance.now();
  let embedded: EmbeddedCluster | null = null;
  let ownerUrl = config.DATABASE_URL;
  if (!ownerUrl) {
    const { dir } = embeddedClusterDir(config.dataDir);
    out(`Embedded PostgreSQL in ${dir} on port ${config.EMBEDDED_PG_PORT}`);
    embedded = await startEmbeddedPostgres({ dir, port: config.EMBEDDED_PG_PORT, password: secrets.embeddedPassword, log });
    await embedded.ensureDatabase('portal');
    ownerUrl = embedded.urlFor('portal');
  }
  try {
    const database = await openDatabase({ ownerUrl, appUrl: config.DATABASE_APP_URL, appPassword: secrets.databaseAppPassword, poolSize: 1, log });
    try {
      const existing = await database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from clients`);
      if (Number(existing.rows[0]?.n ?? 0) > 0) {
        throw new Error('The database already has customers: seed:large fills an empty database only.');
      }
      const scale = scaled(factor);
      out(`Filling with the demo and ${JSON.stringify(scale)}`);
      const row = (step: string, ms: number, rows?: number) =>
        out(`  ${step.padEnd(20)} ${rows ? `${rows.toLocaleString('en').padStart(11)} rows` : ' '.repeat(16)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
      const demoStarted = performance.now();
      await seedDemoData(database, { totpKey: secrets.totpEncryptionKey });
      row('demo data', performance.now() - demoStarted);
      await seedLarge(database, scale, { onStep: ({ step, ms, rows }) => row(step, ms, rows) });
    } finally {
      await database.close();
    }
  } finally {
    await embedded?.stop();
  }
  out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Log in as beheer-0001@large.example (the largest customer) with the demo password.`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed:large failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
