import type { Config } from '../../config.js';
import { backup, restore } from './backup.js';

/** `portal backup MAP`: what was written, for the operator. */
export async function backupCommand(config: Pick<Config, 'dataDir'>, ownerUrl: string, folder: string): Promise<string> {
  const manifest = await backup(folder, { ownerUrl, dataDir: config.dataDir });
  return [
    `Back-up gemaakt in ${folder}: database (PostgreSQL ${manifest.serverVersion}, migratie ${manifest.migration.tag})`,
    manifest.secrets ? ' en de geheimen uit DATA_DIR/secrets.json.' : '; geen geheimen (het portaal krijgt ze uit de omgeving: bewaar die apart).',
    ' Bewaar de map versleuteld: hij bevat patiëntgegevens.',
  ].join('');
}

/** `portal restore MAP [--force]`: what was restored, and what to do next. */
export async function restoreCommand(
  config: Pick<Config, 'dataDir' | 'DATABASE_APP_URL' | 'DATABASE_APP_PASSWORD'>,
  ownerUrl: string,
  folder: string,
  force: boolean,
): Promise<string> {
  const outcome = await restore(folder, {
    ownerUrl,
    dataDir: config.dataDir,
    force,
    // Only where the portal keeps the app role's password itself does the restored one belong to the role.
    appPasswordFromSecrets: !config.DATABASE_APP_URL && !config.DATABASE_APP_PASSWORD,
  });
  return [
    `Hersteld uit ${folder} (gemaakt ${outcome.manifest.createdAt}, migratie ${outcome.manifest.migration.tag}).`,
    outcome.secretsRestored ? ' De geheimen staan weer in DATA_DIR/secrets.json (het vorige bestand staat ernaast).' : '',
    ' Breng de database daarna op het niveau van deze versie (npm run portal -- migrate, of de start van het portaal).',
  ].join('');
}
