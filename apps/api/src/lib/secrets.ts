import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

export interface Secrets {
  jwtSecret: string;
  totpEncryptionKey: Buffer;
  databaseAppPassword: string;
  /** superuser password of the embedded cluster, which listens on loopback only */
  embeddedPassword: string;
}

interface StoredSecrets {
  jwtSecret: string;
  totpEncryptionKey: string;
  databaseAppPassword: string;
  embeddedPassword: string;
}

/**
 * Secrets come from the environment; what is not given is made once (random) and kept in
 * DATA_DIR/secrets.json, readable by the owner only. Several API processes must share them: give them
 * through the environment then.
 */
export async function loadSecrets(config: Config): Promise<{ secrets: Secrets; madeNew: string[] }> {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<StoredSecrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const madeNew: string[] = [];
  const pick = (envValue: string | undefined, key: keyof StoredSecrets, make: () => string) => {
    if (envValue) return envValue;
    if (!stored[key]) {
      stored[key] = make();
      madeNew.push(key);
    }
    return stored[key];
  };
  const jwtSecret = pick(config.JWT_SECRET, 'jwtSecret', () => randomBytes(32).toString('base64url'));
  const totpKey = pick(config.TOTP_ENCRYPTION_KEY, 'totpEncryptionKey', () => randomBytes(32).toString('hex'));
  const databaseAppPassword = pick(config.DATABASE_APP_PASSWORD, 'databaseAppPassword', () =>
    randomBytes(24).toString('base64url'),
  );
  const embeddedPassword = pick(undefined, 'embeddedPassword', () => randomBytes(24).toString('base64url'));
  if (madeNew.length > 0) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    secrets: { jwtSecret, totpEncryptionKey: Buffer.from(totpKey, 'hex'), databaseAppPassword, embeddedPassword },
    madeNew,
  };
}

/** Replaces one secret kept in DATA_DIR/secrets.json (a rotated app-role password), readable by the owner only. */
export async function keepSecret(config: Pick<Config, 'dataDir'>, key: 'databaseAppPassword', value: string): Promise<void> {
  const file = path.join(config.dataDir, 'secrets.json');
  const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets>;
  await writeFile(file, `${JSON.stringify({ ...stored, [key]: value }, null, 2)}\n`, { mode: 0o600 });
}
