import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetData } from './reset-data.js';

const elsewhere: string[] = [];
afterAll(async () => {
  for (const dir of elsewhere) await rm(dir, { recursive: true, force: true });
});

/**
 * A data folder with secrets and a cluster: inside it, or (as for root, whose cluster moves under
 * /var/lib/mijnspits) in a folder of its own elsewhere.
 */
async function dataDirWithCluster(moved: boolean) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-reset-'));
  await writeFile(path.join(dataDir, 'secrets.json'), '{}');
  if (moved) elsewhere.push(await mkdtemp(path.join(os.tmpdir(), 'portal-reset-moved-')));
  const cluster = { dir: moved ? path.join(elsewhere.at(-1)!, 'pg-0123456789ab') : path.join(dataDir, 'pg'), moved };
  await mkdir(cluster.dir, { recursive: true });
  await writeFile(path.join(cluster.dir, 'PG_VERSION'), '17');
  return { dataDir, cluster };
}

describe('npm run portal -- reset-data', () => {
  it('removes DATA_DIR with the database folder inside it', async () => {
    const { dataDir, cluster } = await dataDirWithCluster(false);
    const said: string[] = [];
    await resetData({ DATABASE_URL: undefined, dataDir }, (line) => said.push(line), cluster);
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
    expect(said.filter((line) => line.startsWith('Verwijderd: '))).toEqual([`Verwijderd: ${dataDir}`]);
  });

  it('removes DATA_DIR and the database folder where it moved out of DATA_DIR (as root)', async () => {
    const { dataDir, cluster } = await dataDirWithCluster(true);
    const said: string[] = [];
    await resetData({ DATABASE_URL: undefined, dataDir }, (line) => said.push(line), cluster);
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
    expect(said.filter((line) => line.startsWith('Verwijderd: '))).toEqual([`Verwijderd: ${dataDir}`, `Verwijderd: ${cluster.dir}`]);
  });

  it('refuses while the database still runs, and with an external database', async () => {
    for (const moved of [false, true]) {
      const { dataDir, cluster } = await dataDirWithCluster(moved);
      // This test's own process stands in for a running postmaster.
      await writeFile(path.join(cluster.dir, 'postmaster.pid'), `${process.pid}\n${cluster.dir}\n`);
      await expect(resetData({ DATABASE_URL: undefined, dataDir }, () => undefined, cluster)).rejects.toThrow(/stop het portaal eerst/);
      expect(existsSync(dataDir)).toBe(true);
      expect(existsSync(cluster.dir)).toBe(true);
      await expect(resetData({ DATABASE_URL: 'postgres://x@db/portal', dataDir }, () => undefined, cluster)).rejects.toThrow(/ingebouwde database/);
      await writeFile(path.join(cluster.dir, 'postmaster.pid'), '999999999\n');
      await resetData({ DATABASE_URL: undefined, dataDir }, () => undefined, cluster);
      expect(existsSync(dataDir)).toBe(false);
      expect(existsSync(cluster.dir)).toBe(false);
    }
  });
});
