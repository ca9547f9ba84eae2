import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AccountSession } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { sessionFamilies } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { notFound } from '../../lib/problems.js';
import { auditAccount, authTimes, withOwnAccount } from './auth.shared.js';
import { describeBrowser, placeOf } from './sign-in-notices.js';

/**
 * The live sessions of an account: not ended, not past their lifetime, and used within the refresh token's idle
 * time (a session left longer has no token left that works: it is over, though nothing ended it).
 */
const live = (claims: AccessClaims, now: Date) =>
  and(
    eq(sessionFamilies.customerId, claims.customerId),
    eq(sessionFamilies.accountId, claims.accountId),
    isNull(sessionFamilies.revokedAt),
    gt(sessionFamilies.expiresAt, now),
    gt(sessionFamilies.lastUsedAt, new Date(now.getTime() - authTimes.refreshIdleMs)),
  );

/** Beveiliging's session list (issue 14): where the own account is logged in, this session first, then the most recently used. */
export async function listSessions(db: Db, claims: AccessClaims): Promise<AccountSession[]> {
  const rows = await withOwnAccount(
    db,
    claims,
    (tx) => tx.select().from(sessionFamilies).where(live(claims, new Date())).orderBy(desc(sessionFamilies.lastUsedAt), desc(sessionFamilies.createdAt)),
    { readOnly: true },
  );
  const sessions = rows.map((row) => ({
    id: row.id,
    browser: describeBrowser(row.userAgent),
    address: row.address,
    place: placeOf(row.address),
    startedAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === claims.familyId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * Ends one other session of the own account: its refresh token is refused from now on, and its access token at its
 * next call (every call checks that its session is live). This session is ended by logging out; an unknown, ended
 * or another account's session is a 404.
 */
export async function endSession(db: Db, claims: AccessClaims, sessionId: string, address: string): Promise<void> {
  const ended = await withOwnAccount(db, claims, async (tx, account) => {
    const now = new Date();
    const rows = await tx
      .update(sessionFamilies)
      .set({ revokedAt: now, revokedReason: 'ended-by-user' })
      .where(and(live(claims, now), eq(sessionFamilies.id, sessionId), ne(sessionFamilies.id, claims.familyId)))
      .returning({ id: sessionFamilies.id });
    if (rows.length) await auditAccount(tx, account, { action: 'SessionEnd', outcome: 'Success', address, objectType: 'Session', objectId: sessionId });
    return rows.length > 0;
  });
  if (!ended) throw notFound();
}

/** Ends every session of the own account but this one. */
export async function endOtherSessions(db: Db, claims: AccessClaims, address: string): Promise<void> {
  await withOwnAccount(db, claims, async (tx, account) => {
    const now = new Date();
    const rows = await tx
      .update(sessionFamilies)
      .set({ revokedAt: now, revokedReason: 'ended-by-user' })
      .where(and(live(claims, now), ne(sessionFamilies.id, claims.familyId)))
      .returning({ id: sessionFamilies.id });
    await auditAccount(tx, account, { action: 'SessionEndOthers', outcome: 'Success', address, details: { ended: rows.length } });
  });
}
