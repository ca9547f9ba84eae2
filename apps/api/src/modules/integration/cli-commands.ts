import { emailAddressField, importErrorText } from '@portal/contract';
import type { Database } from '../../db/database.js';
import { DEFAULT_SECRET_OVERLAP_HOURS, integrationClientAdmin, parseScopes } from './integration-clients.js';
import { importFile } from './file-import.js';
import { DEFAULT_DELETE_GUARD_PERCENT } from './delete-guard.js';

/** The provider's command-line operations of the integration door (issue 11). */
export const integrationCommands = ['create-integration', 'set-integration-contact', 'rotate-integration', 'retire-integration-secret', 'revoke-integration', 'list-integrations', 'import'];

type Values = Record<string, string | boolean | undefined>;

const required = (values: Values, name: string) => {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`--${name} is verplicht`);
  return value.trim();
};

const print = (text: string) => process.stdout.write(`${text}\n`);

/** The contact address of a client (for its webhooks' switch-off mail): an address, or empty for none. */
function contactAddress(value: string | boolean | undefined): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = emailAddressField().safeParse(value);
  if (!parsed.success) throw new Error(`${value}: ${parsed.error.issues[0]?.message ?? 'geen e-mailadres'}`);
  return parsed.data;
}

function printCredentials(credentials: { clientId: string; clientSecret: string }) {
  print(`client_id:     ${credentials.clientId}`);
  print(`client_secret: ${credentials.clientSecret}`);
  print('Bewaar het geheim nu: het portaal bewaart alleen een hash en kan het niet opnieuw tonen.');
}

export async function runIntegrationCommand(
  database: Database,
  command: string,
  values: Values,
  positionals: string[],
  settings: { deleteGuardPercent: number } = { deleteGuardPercent: DEFAULT_DELETE_GUARD_PERCENT },
): Promise<void> {
  switch (command) {
    case 'create-integration': {
      const name = required(values, 'name');
      const scopes = parseScopes(required(values, 'scopes'));
      const contact = contactAddress(values['contact-email']);
      const credentials = await integrationClientAdmin.create(database.ownerDb, name, scopes, contact);
      print(`Koppeling "${name}" aangemaakt met scopes ${scopes.join(', ')}.`);
      printCredentials(credentials);
      return;
    }
    case 'set-integration-contact': {
      const contact = contactAddress(values.email ?? '');
      await integrationClientAdmin.setContact(database.ownerDb, required(values, 'id'), contact);
      print(contact ? `Contactadres van de koppeling: ${contact}.` : 'De koppeling heeft geen contactadres meer.');
      return;
    }
    case 'rotate-integration': {
      const hours = values['overlap-hours'] === undefined ? DEFAULT_SECRET_OVERLAP_HOURS : Number(values['overlap-hours']);
      const rotated = await integrationClientAdmin.rotate(database.ownerDb, required(values, 'id'), hours);
      printCredentials(rotated);
      print(
        rotated.previousUntil
          ? `Het oude geheim blijft werken tot ${rotated.previousUntil.toISOString()}, of tot retire-integration-secret --id ${rotated.clientId}.`
          : 'Het oude geheim en alle tokens die ermee gemaakt zijn werken niet meer.',
      );
      return;
    }
    case 'retire-integration-secret':
      print(
        (await integrationClientAdmin.retire(database.ownerDb, required(values, 'id')))
          ? 'Het vorige geheim en de tokens die ermee gemaakt zijn werken niet meer.'
          : 'Deze koppeling heeft geen vorig geheim meer dat werkt.',
      );
      return;
    case 'revoke-integration':
      await integrationClientAdmin.revoke(database.ownerDb, required(values, 'id'));
      print('Koppeling ingetrokken: haar tokens werken niet meer.');
      return;
    case 'list-integrations':
      for (const client of await integrationClientAdmin.list(database.ownerDb)) {
        print(`${client.id}  ${client.revokedAt ? 'ingetrokken' : 'actief     '}  ${client.name}  (${client.scopes.join(', ')})${client.contactEmail ? `  contact: ${client.contactEmail}` : ''}`);
      }
      return;
    case 'import': {
      const [kind, file] = positionals;
      if (!kind || !file) throw new Error('Gebruik: import SOORT BESTAND [--client KLANTCODE] [--mode upsert|snapshot] [--confirm-deletes]');
      const mode = values.mode === undefined ? 'upsert' : values.mode;
      if (mode !== 'upsert' && mode !== 'snapshot') throw new Error('--mode is upsert of snapshot');
      const customer = typeof values.client === 'string' ? values.client : null;
      const { summary, rejectsFile } = await importFile(database.db, {
        kind,
        file,
        customer,
        mode,
        // A snapshot deletes what the file lacks: held to the API's guard, which the operator lifts by saying so.
        deleteGuard: { percent: settings.deleteGuardPercent, confirmed: values['confirm-deletes'] === true, confirmation: importErrorText.confirmByFlag },
        ...(typeof values.rejects === 'string' ? { rejectsFile: values.rejects } : {}),
        progress: process.stderr,
      });
      print(
        `Import ${summary.runId} (${summary.kind}, ${summary.mode}): ${summary.received} gelezen, ${summary.inserted} nieuw, ${summary.updated} gewijzigd, ` +
          `${summary.unchanged} ongewijzigd, ${summary.stale} verouderd, ${summary.deleted} verwijderd, ${summary.rejected} afgewezen in ${((summary.durationMs ?? 0) / 1000).toFixed(1)} s.`,
      );
      for (const warning of summary.warnings) print(warning);
      if (rejectsFile) print(`Afgewezen rijen: ${rejectsFile}`);
      return;
    }
    default:
      throw new Error(`Onbekend commando ${command}`);
  }
}
