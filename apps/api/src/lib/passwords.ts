import { hash, verify } from '@node-rs/argon2';
// Passwords that meet the length and character rules yet are among the first an attacker tries: well-known
// words and Dutch favourites followed by common digits and years (a data file, one per line in JSON).
import commonPasswordList from './common-passwords.json' with { type: 'json' };

/** argon2id with the architecture's parameters (OWASP's minimum: m=19 MiB, t=2, p=1). */
/** 2 is Argon2id in @node-rs/argon2's Algorithm enum (a const enum, which isolated modules cannot import). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check, so that timing tells nothing about the account.
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const DUMMY_HASH = await hash('timing-equaliser-not-a-password', options);

/** What a login's check of an account and its password found. */
export type CredentialsCheck = 'ok' | 'unknown-account' | 'locked' | 'inactive' | 'wrong-password';

/** The parts of an account (a customer's or a staff member's) that a login checks. */
export interface LoginAccount {
  lockedUntil: Date | null;
  isActive: boolean;
  passwordHash: string | null;
}

/**
 * The one check of both logins, the customers' and the staff's: an unknown, locked or inactive account (or one
 * without a password yet) costs one argon2 check as a wrong password does, so that the time of the answer tells
 * none of them apart; only a wrong password counts toward the account's lock (the caller's to count).
 */
export async function checkCredentials(account: LoginAccount | null, password: string, now = new Date()): Promise<CredentialsCheck> {
  if (!account) return verifyPassword(null, password).then(() => 'unknown-account');
  if (account.lockedUntil && account.lockedUntil > now) return verifyPassword(null, password).then(() => 'locked');
  if (!account.isActive || !account.passwordHash) return verifyPassword(null, password).then(() => 'inactive');
  return (await verifyPassword(account.passwordHash, password)) ? 'ok' : 'wrong-password';
}

const commonPasswords: ReadonlySet<string> = new Set(commonPasswordList.map((p) => p.toLowerCase()));

/** True when the password is on the list of common passwords (compared without case). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
