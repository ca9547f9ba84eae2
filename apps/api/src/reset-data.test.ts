import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedClusterDir } from './db/embedded.js';
import { resetData } from './reset-data.js';

async function dataDirWithCluster() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-reset-'));
  await writeFile(path.join(dataDir, 'secrets.json'), '{}');
  const cluster = embeddedClusterDir(dataDir);
  await mkdir(cluster.dir, { recursive: true });
  await writeFile(path.join(cluster.dir, 'PG_VERSION'), '17');
  return { dataDir, cluster };
}

describe('npm run portal -- reset-data', () => {
  it('removes DATA_DIR and the database folder, also where it moved out of DATA_DIR (as root)', async () => {
    const { dataDir, cluster } = await dataDirWithCluster();
    const said: string[] = [];
    await resetData({ DATABASE_URL: undefined, dataDir }, (line) => said.push(line));
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
    expect(said).toContain(`Verwijderd: ${dataDir}`);
    if (cluster.moved) expect(said).toContain(`Verwijderd: ${cluster.dir}`);
  });

  it('refuses while the database still runs, and with an external database', async () => {
    const { dataDir, cluster } = await dataDirWithCluster();
    // This test's own process stands in for a running postmaster.
    await writeFile(path.join(cluster.dir, 'postmaster.pid'), `${process.pid}\n${cluster.dir}\n`);
    await expect(resetData({ DATABASE_URL: undefined, dataDir }, () => undefined)).rejects.toThrow(/stop het portaal eerst/);
    expect(existsSync(dataDir)).toBe(true);
    await expect(resetData({ DATABASE_URL: 'postgres://x@db/portal', dataDir }, () => undefined)).rejects.toThrow(/ingebouwde database/);
    await writeFile(path.join(cluster.dir, 'postmaster.pid'), '999999999\n');
    await resetData({ DATABASE_URL: undefined, dataDir }, () => undefined);
    expect(existsSync(dataDir)).toBe(false);
  });
});
