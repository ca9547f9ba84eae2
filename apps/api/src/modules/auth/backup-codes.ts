import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { backupCodeCount } from '@portal/contract';
import { backupCodes } from '../../db/schema.js';
import type { Tx } from '../../db/tenancy.js';

/**
 * One-time backup codes for two-factor login (issue 13). A code is ten symbols of Crockford's base32 (no I, L, O
 * or U, so nothing is misread), 50 random bits, shown as 'K7MQ2-XW9PD'. Only an HMAC of each is stored, keyed
 * by a key derived from the TOTP encryption key, which is not in the database: a copy of the database alone
 * cannot be searched for the codes.
 */
const symbols = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const codeLength = 10;

type Owner = { customerId: string; id: number };

/** A new code, as shown: two groups of five. 32 symbols divide 256, so every symbol is equally likely. */
export function newBackupCode(): string {
  const code = [...randomBytes(codeLength)].map((byte) => symbols[byte % symbols.length]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed code as stored: spaces and dashes out, upper case, the letters people type for digits read as
 * Crockford does (O → 0, I and L → 1); null when it cannot be a code.
 */
export function normalizeBackupCode(typed: string): string | null {
  const code = typed
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === codeLength && [...code].every((c) => symbols.includes(c)) ? code : null;
}

export class BackupCodeHasher {
  private readonly key: Buffer;

  constructor(totpKey: Buffer) {
    this.key = createHash('sha256').update('backup-codes:').update(totpKey).digest();
  }

  hash(normalized: string): Buffer {
    return createHmac('sha256', this.key).update(normalized, 'utf8').digest();
  }

  /** A new set for the account, replacing any old one whole; the codes are answered once, as shown. */
  async replace(tx: Tx, account: Owner): Promise<string[]> {
    const codes = Array.from({ length: backupCodeCount }, newBackupCode);
    await removeBackupCodes(tx, account);
    await tx.insert(backupCodes).values(
      codes.map((code) => ({ customerId: account.customerId, accountId: account.id, codeHash: this.hash(normalizeBackupCode(code)!) })),
    );
    return codes;
  }

  /** Uses up the typed code when it is one of the account's unused ones; false otherwise. */
  async use(tx: Tx, account: Owner, typed: string): Promise<boolean> {
    const code = normalizeBackupCode(typed);
    if (!code) return false;
    const used = await tx
      .update(backupCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(backupCodes.customerId, account.customerId),
          eq(backupCodes.accountId, account.id),
          eq(backupCodes.codeHash, this.hash(code)),
          isNull(backupCodes.usedAt),
        ),
      )
      .returning({ accountId: backupCodes.accountId });
    return used.length === 1;
  }
}

/** The unused codes of the account. */
export async function remainingBackupCodes(tx: Tx, account: Owner): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(backupCodes)
    .where(and(eq(backupCodes.customerId, account.customerId), eq(backupCodes.accountId, account.id), isNull(backupCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Two-factor login off or reset: its backup codes go with it. */
export async function removeBackupCodes(tx: Tx, account: Owner): Promise<void> {
  await tx.delete(backupCodes).where(and(eq(backupCodes.customerId, account.customerId), eq(backupCodes.accountId, account.id)));
}
