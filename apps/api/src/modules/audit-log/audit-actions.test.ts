import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditActionLabels } from '@portal/contract';

/*
 * Issue 30.9: every action the server can write reads as Dutch in the Logboek. The actions are derived from the
 * server's source (not listed by hand), so an act added without a phrase in the contract fails here by its name.
 */

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-support|fixtures/.test(entry.name) ? [path] : [];
  });
}

const CODE = /['`]([A-Z][A-Za-z]*(?:\.[A-Z][A-Za-z]*)?)['`]/g;

/** The codes an expression can give: a ternary's branches only (its condition compares, it does not write). */
function codesOf(expression: string): string[] {
  const branches = expression.includes('?') ? expression.slice(expression.indexOf('?') + 1) : expression;
  return [...branches.matchAll(CODE)].map((m) => m[1]!);
}

/**
 * Every action written: `action: …` and `const action = …` (literals and ternaries of literals), an inbox act's
 * code handed to its audit helper, and the codes a door renames on the way (write-back's acts of the inbox,
 * written as the integration's), taken from the files the renaming file imports.
 */
function writtenActions(): Set<string> {
  const files = serverFiles(SOURCE);
  const byFile = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const found = new Set<string>();
    for (const m of text.matchAll(/\baction\s*(?::|=(?!=))\s*([^,;\n}]+)/g)) for (const code of codesOf(m[1]!)) found.add(code);
    for (const m of text.matchAll(/\baudit\(\s*\w+,\s*\w+,\s*'([A-Za-z.]+)'/g)) found.add(m[1]!);
    byFile.set(file, found);
  }
  const actions = new Set([...byFile.values()].flatMap((codes) => [...codes]));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const rename of text.matchAll(/action\.replace\(\/\^(\w+)\\\.\/, '(\w+)\.'\)/g)) {
      const [, from, to] = rename as unknown as [string, string, string];
      const imported = [...text.matchAll(/from '(\.[^']+)\.js'/g)].map((m) => resolve(dirname(file), `${m[1]}.ts`));
      for (const code of imported.flatMap((path) => [...(byFile.get(path) ?? [])])) {
        if (code.startsWith(`${from}.`)) actions.add(`${to}${code.slice(from.length)}`);
      }
    }
  }
  return actions;
}

describe('the Logboek’s words', () => {
  const actions = writtenActions();

  it('finds the actions of every door, also those in ternaries, helpers and renames', () => {
    // A sample of each way an action is written, so a derivation that finds nothing cannot pass.
    expect([...actions]).toEqual(
      expect.arrayContaining([
        'Login',
        'LoginTotp',
        'AccountActivation',
        'TotpDisable',
        'Staff.Login',
        'Backoffice.InboxStatus',
        'Backoffice.CustomerDeactivate',
        'Backoffice.ServiceProductImage',
        'Integration.Import',
        'Integration.EventsRead',
        'Integration.InboxStatus',
        'Retention',
      ]),
    );
    expect(actions.has('Activation')).toBe(false);
  });

  it('has a Dutch phrase for every action the server can write', () => {
    expect([...actions].filter((action) => !auditActionLabels[action]).sort()).toEqual([]);
  });
});
