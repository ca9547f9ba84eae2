import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthData } from '@portal/contract';
import { withTenant } from '../../db/tenancy.js';
import { accounts, refreshTokens, sessionFamilies } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { hashToken, openWithToken, sealWithToken, type AccessClaims } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/problems.js';
import { type AuthDeps, auditAccount, authTimes, issueRefreshToken, signAccess, userInfoOf } from './auth.shared.js';

/** A session after its login: refreshing its tokens, and ending it. */
export class SessionService {
  constructor(private readonly deps: AuthDeps) {}

  async refresh(input: { refreshToken: string; address: string }): Promise<AuthData> {
    // Not throttled per address: a refresh token cannot be guessed (256 bits), and a care institution's
    // whole staff may share one address.
    const { db } = this.deps;
    const tokenHash = hashToken(input.refreshToken);
    const owner = await db.execute<{ client_id: string | null }>(sql`select auth_refresh_token_owner(${tokenHash}) as client_id`);
    const customerId = owner.rows[0]?.client_id;
    if (!customerId) throw unauthorized();
    const outcome = await withTenant(db, customerId, async (tx) => {
      const rows = await tx
        .select({ token: refreshTokens, family: sessionFamilies, account: accounts })
        .from(refreshTokens)
        .innerJoin(sessionFamilies, and(eq(sessionFamilies.customerId, refreshTokens.customerId), eq(sessionFamilies.id, refreshTokens.familyId)))
        .innerJoin(accounts, and(eq(accounts.customerId, sessionFamilies.customerId), eq(accounts.id, sessionFamilies.accountId)))
        .where(and(eq(refreshTokens.customerId, customerId), eq(refreshTokens.tokenHash, tokenHash)))
        .for('update', { of: [refreshTokens, sessionFamilies] });
      const row = rows[0];
      if (!row) return { kind: 'invalid' as const };
      const { token, family, account } = row;
      const now = new Date();
      const live = !family.revokedAt && family.expiresAt > now && account.isActive;
      if (token.usedAt) {
        // The same token again within the grace (a second tab, a retry after a lost answer): the same successor.
        const withinGrace = now.getTime() - token.usedAt.getTime() <= authTimes.refreshReuseGraceMs;
        if (withinGrace && live && token.successorSealed) {
          const refreshToken = openWithToken(token.successorSealed, input.refreshToken);
          const accessToken = await signAccess(this.deps.tokens, account, family.id);
          return { kind: 'ok' as const, auth: { accessToken, refreshToken, userInfo: userInfoOf(account) } };
        }
        // A spent token came back: someone holds a copy. End the whole session for everyone holding it.
        if (!family.revokedAt) {
          await tx
            .update(sessionFamilies)
            .set({ revokedAt: now, revokedReason: 'refresh-token-reuse' })
            .where(and(eq(sessionFamilies.customerId, customerId), eq(sessionFamilies.id, family.id)));
        }
        await auditAccount(tx, account, {
          action: 'TokenReuseDetected',
          outcome: 'Failure',
          address: input.address,
          objectType: 'Session',
          objectId: family.id,
        });
        return { kind: 'invalid' as const };
      }
      if (!live || token.expiresAt <= now) return { kind: 'invalid' as const };
      const refreshToken = await issueRefreshToken(tx, customerId, family.id, family.expiresAt);
      await tx
        .update(refreshTokens)
        .set({ usedAt: now, successorSealed: sealWithToken(refreshToken, input.refreshToken) })
        .where(and(eq(refreshTokens.customerId, customerId), eq(refreshTokens.tokenHash, tokenHash)));
      // "Last used" of the session list: a session in use renews its access every quarter of an hour.
      await tx
        .update(sessionFamilies)
        .set({ lastUsedAt: now })
        .where(and(eq(sessionFamilies.customerId, customerId), eq(sessionFamilies.id, family.id)));
      const accessToken = await signAccess(this.deps.tokens, account, family.id);
      return { kind: 'ok' as const, auth: { accessToken, refreshToken, userInfo: userInfoOf(account) } };
    });
    if (outcome.kind !== 'ok') throw unauthorized();
    return outcome.auth;
  }

  async logout(claims: AccessClaims, address: string): Promise<void> {
    await withTenant(this.deps.db, claims.customerId, async (tx) => {
      await tx
        .update(sessionFamilies)
        .set({ revokedAt: new Date(), revokedReason: 'logout' })
        .where(
          and(eq(sessionFamilies.customerId, claims.customerId), eq(sessionFamilies.id, claims.familyId), isNull(sessionFamilies.revokedAt)),
        );
      await writeAudit(tx, {
        action: 'Logout',
        outcome: 'Success',
        accountId: claims.accountId,
        customerId: claims.customerId,
        address,
        objectType: 'Session',
        objectId: claims.familyId,
      });
    });
  }
}
