import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Config } from '../config.js';
import { keepSecret } from '../lib/secrets.js';
import { APP_ROLE, rotateAppPassword } from './app-role.js';

/**
 * `portal rotate-app-password [--password-file F]`: a new password for the app role, on purpose and for the whole
 * fleet. Kept in DATA_DIR/secrets.json when the portal keeps it there; given by the operator in a file when the
 * processes get theirs from DATABASE_APP_PASSWORD, so that it is never printed.
 */
export async function rotateAppPasswordCommand(config: Pick<Config, 'DATABASE_APP_URL' | 'DATABASE_APP_PASSWORD' | 'dataDir'>, ownerUrl: string, passwordFile: string | undefined): Promise<string> {
  if (config.DATABASE_APP_URL) {
    throw new Error(`DATABASE_APP_URL is gezet: het wachtwoord van ${APP_ROLE} staat daarin. Wijzig het bij de database en in die instelling.`);
  }
  let password: string;
  if (passwordFile) {
    password = (await readFile(passwordFile, 'utf8')).replace(/\r?\n$/, '');
    if (password.length < 16) throw new Error('Het wachtwoord in --password-file moet ten minste 16 tekens hebben.');
  } else if (config.DATABASE_APP_PASSWORD) {
    throw new Error('DATABASE_APP_PASSWORD is gezet: geef het nieuwe wachtwoord met --password-file BESTAND, en daarna aan alle processen.');
  } else {
    password = randomBytes(24).toString('base64url');
  }
  await rotateAppPassword(ownerUrl, password);
  if (config.DATABASE_APP_PASSWORD) {
    return `Het wachtwoord van ${APP_ROLE} is gewijzigd. Geef het alle processen (DATABASE_APP_PASSWORD of DATABASE_APP_PASSWORD_FILE) en start ze opnieuw: nieuwe verbindingen met het oude wachtwoord worden geweigerd.`;
  }
  await keepSecret(config, 'databaseAppPassword', password);
  return `Het wachtwoord van ${APP_ROLE} is gewijzigd en bewaard in DATA_DIR/secrets.json. Start de processen die deze map delen opnieuw.`;
}
