import { describe, expect, it } from 'vitest';
import { failedModuleAddress, importAnew, type ImportAnewWays } from './import-anew';

const chunk = `${window.location.origin}/assets/edit-pharmacist-form-1a2B_c.js`;
const chromiumFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);

/** A browser that keeps a failed import: `load` fails every time, as the module map answers it. */
function browser(options: { freshImport: 'works' | 'fails'; serverAnswers: boolean }) {
  const seen = { imported: [] as string[], reloads: 0, asked: 0 };
  const ways: ImportAnewWays = {
    importAddress: (address) => {
      seen.imported.push(address);
      return options.freshImport === 'works' ? Promise.resolve({ default: 'form' }) : Promise.reject(chromiumFailure());
    },
    answers: () => {
      seen.asked += 1;
      return Promise.resolve(options.serverAnswers);
    },
    reload: () => {
      seen.reloads += 1;
    },
  };
  return { ways, seen };
}

describe('importAnew: "Opnieuw proberen" fetches a chunk anew in every browser', () => {
  it('takes the import as written when the browser fetches it again (Chromium 156 and later)', async () => {
    const { ways, seen } = browser({ freshImport: 'fails', serverAnswers: true });
    await expect(importAnew(() => Promise.resolve({ default: 'form' }), ways)).resolves.toEqual({ default: 'form' });
    expect(seen).toEqual({ imported: [], reloads: 0, asked: 0 });
  });

  it('imports the failed module under an address of its own when the browser keeps the failure', async () => {
    const { ways, seen } = browser({ freshImport: 'works', serverAnswers: true });
    await expect(importAnew(() => Promise.reject(chromiumFailure()), ways)).resolves.toEqual({ default: 'form' });
    expect(seen.imported).toHaveLength(1);
    const fresh = new URL(seen.imported[0]!);
    expect(`${fresh.origin}${fresh.pathname}`).toBe(chunk);
    expect(fresh.searchParams.get('retry')).toMatch(/^\w+$/);
    expect(seen.reloads).toBe(0);
  });

  it('loads the page anew as the last resort when that fails too while the server answers', async () => {
    const { ways, seen } = browser({ freshImport: 'fails', serverAnswers: true });
    const outcome = importAnew(() => Promise.reject(chromiumFailure()), ways);
    await expect.poll(() => seen.reloads).toBe(1);
    expect(seen.imported).toHaveLength(1);
    // the promise stays open: the page goes away
    expect(await Promise.race([outcome.then(() => 'settled'), Promise.resolve('open')])).toBe('open');
  });

  it('keeps the failure while the server does not answer (still offline), without a reload', async () => {
    const { ways, seen } = browser({ freshImport: 'fails', serverAnswers: false });
    const failure = chromiumFailure();
    await expect(importAnew(() => Promise.reject(failure), ways)).rejects.toBe(failure);
    expect(seen.reloads).toBe(0);
  });

  it('reloads when the failure names no module (Safari) and the server answers', async () => {
    const { ways, seen } = browser({ freshImport: 'works', serverAnswers: true });
    void importAnew(() => Promise.reject(new TypeError('Importing a module script failed.')), ways);
    await expect.poll(() => seen.reloads).toBe(1);
    expect(seen.imported).toEqual([]);
  });
});

describe('failedModuleAddress', () => {
  it("finds the site's own module in Chromium's and Firefox's messages, not another site's", () => {
    expect(failedModuleAddress(chromiumFailure())).toBe(chunk);
    expect(failedModuleAddress(new TypeError(`error loading dynamically imported module: ${chunk}`))).toBe(chunk);
    expect(failedModuleAddress(new TypeError('Failed to fetch dynamically imported module: https://elders.example/x.js'))).toBeNull();
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleAddress('nothing')).toBeNull();
  });
});
