import { chmod, mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedClusterDir } from './embedded.js';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('where the embedded cluster lives', () => {
  it('stays in the data folder when the postgres user can reach it', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'portal-open-'));
    made.push(base);
    await chmod(base, 0o755);
    for (const asRoot of [true, false]) {
      expect(embeddedClusterDir(path.join(base, 'data'), asRoot)).toEqual({ dir: path.join(base, 'data', 'pg'), moved: false });
    }
  });

  it('moves, as root, when a folder above the data folder is closed to others; not for anyone else', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'portal-closed-'));
    made.push(base);
    await mkdir(path.join(base, 'home'), { mode: 0o700 });
    const dataDir = path.join(base, 'home', 'portal', 'data');
    const result = embeddedClusterDir(dataDir, true);
    expect(result.moved).toBe(true);
    expect(result.dir).toMatch(/^\/var\/lib\/mijnspits\/pg-[0-9a-f]{12}$/);
    // The same data folder always maps to the same cluster.
    expect(embeddedClusterDir(dataDir, true).dir).toBe(result.dir);
    // Another user's PostgreSQL runs as that user, who can enter its own folders.
    expect(embeddedClusterDir(dataDir, false)).toEqual({ dir: path.join(dataDir, 'pg'), moved: false });
  });
});
