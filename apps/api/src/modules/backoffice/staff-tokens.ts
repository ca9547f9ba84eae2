import type { StaffRole } from '@portal/contract';
import { DoorTokens } from '../../lib/crypto.js';

export const STAFF_ACCESS_SECONDS = 15 * 60;

export interface StaffClaims {
  staffId: number;
  sessionId: string;
  /** 'Setup': two-factor login still to be set up; such a token opens the set-up calls only */
  stage: 'Setup' | 'Full';
  role: StaffRole;
}

/** The back-office door's access tokens (audience `backoffice`): never accepted by the portal or the integration door. */
export class StaffTokens {
  private readonly door: DoorTokens;
  constructor(secret: string) {
    this.door = new DoorTokens(secret, 'backoffice', STAFF_ACCESS_SECONDS);
  }

  sign(claims: StaffClaims): Promise<string> {
    return this.door.sign(String(claims.staffId), { sid: claims.sessionId, stg: claims.stage, rol: claims.role });
  }

  async verify(token: string): Promise<StaffClaims | null> {
    const payload = await this.door.verify(token);
    if (!payload) return null;
    const staffId = Number(payload.sub);
    const { sid, stg, rol } = payload;
    if (!Number.isInteger(staffId) || typeof sid !== 'string' || (stg !== 'Setup' && stg !== 'Full') || typeof rol !== 'string') return null;
    return { staffId, sessionId: sid, stage: stg, role: rol as StaffRole };
  }
}
