import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { customerCodeField, emailAddressField, pharmacistType, requiredText, staffRole } from '@portal/contract';
import { createStaffMember } from './modules/backoffice/staff-cli.js';
import { loadConfig } from './config.js';
import { migrationsFolder, openDatabase } from './db/database.js';
import { newestMigration } from './db/app-role.js';
import { rotateAppPasswordCommand } from './db/app-role-cli.js';
import { backupCommand, restoreCommand } from './modules/backup/backup-cli.js';
import { embeddedClusterDir, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.js';
import { withTenant } from './db/tenancy.js';
import { customers } from './db/schema.js';
import { AccessTokens } from './lib/crypto.js';
import { loadSecrets } from './lib/secrets.js';
import { AuthService } from './modules/auth/auth.service.js';
import { inviteAccount } from './modules/pharmacists/pharmacists.service.js';
import { eq } from 'drizzle-orm';
import { importKindNames } from '@portal/contract';
import { integrationCommands, runIntegrationCommand } from './modules/integration/cli-commands.js';
import { runWebhookCommand, webhookCommands, webhookUsage } from './modules/webhooks/cli-commands.js';
import { resetData } from './reset-data.js';
import { runRetentionCommand } from './modules/retention/retention-cli.js';

const commands = ['create-client', 'invite', 'create-staff', 'reset-data', 'retention', 'migrate', 'rotate-app-password', 'backup', 'restore', ...integrationCommands, ...webhookCommands];

/**
 * The provider's own operations: onboard a customer and invite its first administrator, who then gets the
 * activation mail (sent by the running portal's outbox). Usage:
 *   npm run portal -- create-client --code APO-3001 --name "Apotheek Het Anker" --kind Pharmacy
 *   npm run portal -- invite --client APO-3001 --email a.devries@hetanker.nl --first-name Anna --last-name Vries --middle-name de --type Administrator
 */
const usage = `Gebruik:
  create-client --code CODE --name NAAM --kind Pharmacy|CareInstitution
  invite --client CODE --email ADRES --first-name VOORNAAM [--middle-name TUSSENVOEGSEL] --last-name ACHTERNAAM --type Administrator|Employee
  create-staff --email ADRES --first-name VOORNAAM [--middle-name TUSSENVOEGSEL] --last-name ACHTERNAAM [--role Beheerder|Klantenservice|Kwaliteit]
  create-integration --name NAAM --scopes customers,departments,…|all [--contact-email ADRES]
  set-integration-contact --id CLIENT_ID --email ADRES   (leeg: geen contactadres)
  rotate-integration --id CLIENT_ID [--overlap-hours 24]   (0: het oude geheim werkt meteen niet meer)
  retire-integration-secret --id CLIENT_ID   (het vorige geheim werkt niet meer)
  revoke-integration --id CLIENT_ID
  list-integrations
  retention [--apply]   (zonder --apply een proefdraai: toont wat de bewaartermijnen nu zouden verwijderen)
  reset-data   (stopt niets: stop het portaal eerst; verwijdert DATA_DIR en de database voor een nieuwe start)
  migrate   (brengt de database op het niveau van deze versie; vóór een uitrol, met MIGRATE_ON_START=false)
  backup MAP   (database in het aangepaste formaat van pg_dump, de geheimen en een manifest, in een nieuwe map)
  restore MAP [--force]   (in een lege database; --force maakt haar eerst leeg)
  rotate-app-password [--password-file BESTAND]   (nieuw wachtwoord voor de databaserol portal_app, voor alle processen)
  import SOORT BESTAND [--client KLANTCODE] [--mode upsert|snapshot] [--confirm-deletes] [--rejects BESTAND]
    SOORT: ${importKindNames.join(', ')}; BESTAND: .csv, .xlsx, .ndjson of .json
${webhookUsage}`;

const createClientArgs = z.object({
  code: customerCodeField('--code is verplicht'),
  name: requiredText('--name is verplicht', 200),
  kind: z.enum(['Pharmacy', 'CareInstitution']),
});
const inviteArgs = z.object({
  client: customerCodeField('--client is verplicht'),
  email: emailAddressField(),
  'first-name': requiredText('--first-name is verplicht', 100),
  'middle-name': z.string().max(50).optional(),
  'last-name': requiredText('--last-name is verplicht', 100),
  type: pharmacistType,
});

const createStaffArgs = z.object({
  email: emailAddressField(),
  'first-name': requiredText('--first-name is verplicht', 100),
  'middle-name': z.string().max(50).optional(),
  'last-name': requiredText('--last-name is verplicht', 100),
  role: staffRole.default('Beheerder'),
});

async function canConnect(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...Object.fromEntries(
        ['code', 'name', 'kind', 'client', 'email', 'first-name', 'middle-name', 'last-name', 'type', 'role', 'scopes', 'id', 'mode', 'rejects', 'overlap-hours', 'contact-email', 'url', 'types', 'status', 'from', 'to', 'reason', 'delivery', 'password-file'].map((k) => [
          k,
          { type: 'string' as const },
        ]),
      ),
      apply: { type: 'boolean' as const },
      'confirm-deletes': { type: 'boolean' as const },
      force: { type: 'boolean' as const },
    },
  });
  if (!command || !commands.includes(command)) throw new Error(usage);

  const config = loadConfig();
  if (command === 'reset-data') {
    await resetData(config, (line) => process.stdout.write(`${line}\n`));
    return;
  }
  const { secrets } = await loadSecrets(config);
  const log = { info: () => undefined, debug: () => undefined, warn: () => undefined, error: (m: unknown) => console.error(m) };
  let embedded: EmbeddedCluster | null = null;
  let ownerUrl = config.DATABASE_URL;
  if (!ownerUrl) {
    ownerUrl = `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${config.EMBEDDED_PG_PORT}/portal`;
    if (!(await canConnect(ownerUrl))) {
      embedded = await startEmbeddedPostgres({ dir: embeddedClusterDir(config.dataDir).dir, port: config.EMBEDDED_PG_PORT, password: secrets.embeddedPassword, log });
      await embedded.ensureDatabase('portal');
    }
  }
  if (command === 'backup' || command === 'restore') {
    // Before openDatabase: a restore needs the database as it is (empty), not migrated.
    try {
      const folder = positionals[0];
      if (!folder) throw new Error(usage);
      const said = command === 'backup' ? await backupCommand(config, ownerUrl, folder) : await restoreCommand(config, ownerUrl, folder, values.force === true);
      process.stdout.write(`${said}\n`);
    } finally {
      await embedded?.stop();
    }
    return;
  }
  if (command === 'rotate-app-password') {
    try {
      process.stdout.write(`${await rotateAppPasswordCommand(config, ownerUrl, (values as Record<string, string | undefined>)['password-file'])}\n`);
    } finally {
      await embedded?.stop();
    }
    return;
  }
  const database = await openDatabase({ ownerUrl, appUrl: config.DATABASE_APP_URL, appPassword: secrets.databaseAppPassword, poolSize: 2, log });
  try {
    if (command === 'migrate') {
      process.stdout.write(`De database is bijgewerkt tot ${newestMigration(migrationsFolder())}.\n`);
      return;
    }
    if (command === 'retention') {
      process.stdout.write(`${await runRetentionCommand(database, config, values.apply === true)}\n`);
      return;
    }
    if (command === 'create-staff') {
      const args = createStaffArgs.parse(values);
      const { link } = await createStaffMember(database, config, {
        emailAddress: args.email,
        firstName: args['first-name'],
        middleName: args['middle-name'] ?? null,
        lastName: args['last-name'],
        role: args.role,
      });
      process.stdout.write(
        `Medewerker ${args.email} (${args.role}) aangemaakt. De uitnodiging gaat mee met de volgende verzendronde van het portaal; de link (7 dagen geldig):\n${link}\n`,
      );
      return;
    }
    if (webhookCommands.includes(command)) {
      await runWebhookCommand(database, { sealKey: secrets.totpEncryptionKey, allowHttp: config.WEBHOOK_ALLOW_HTTP }, command, values);
      return;
    }
    if (command !== 'create-client' && command !== 'invite') {
      await runIntegrationCommand(database, command, values, positionals, { deleteGuardPercent: config.INTEGRATION_DELETE_GUARD_PERCENT });
      return;
    }
    if (command === 'create-client') {
      const args = createClientArgs.parse(values);
      const [row] = await database.ownerDb.insert(customers).values({ clientCode: args.code, name: args.name, kind: args.kind }).returning();
      process.stdout.write(`Klant ${row?.clientCode} (${row?.name}) aangemaakt.\n`);
      return;
    }
    const args = inviteArgs.parse(values);
    const [client] = await database.ownerDb.select().from(customers).where(eq(customers.clientCode, args.client));
    if (!client) throw new Error(`Klant ${args.client} bestaat niet.`);
    const auth = new AuthService({
      db: database.db,
      tokens: new AccessTokens(secrets.jwtSecret),
      totpKey: secrets.totpEncryptionKey,
      publicUrl: config.PUBLIC_URL,
      addressLimit: config.AUTH_RATE_LIMIT_PER_ADDRESS,
      mailQueued: () => undefined,
    });
    await withTenant(database.db, client.id, (tx) =>
      inviteAccount(tx, auth, client.id, {
        emailAddress: args.email,
        firstName: args['first-name'],
        middleName: args['middle-name'] ?? null,
        lastName: args['last-name'],
        pharmacistType: args.type,
      }),
    );
    process.stdout.write(`Uitnodiging voor ${args.email} klaargezet; de activatiemail gaat mee met de volgende verzendronde van het portaal.\n`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') : error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
