import { integrationEventTypes, webhookDeliveryStatuses, type WebhookDeliveryFilters } from '@portal/contract';
import type { Database } from '../../db/database.js';
import { webhookDeliveryAdmin } from './deliveries.js';
import { webhookEndpointAdmin } from './endpoints.js';

/** The provider's command-line management of webhooks (issue 29.2), as the tables' owner. */
export const webhookCommands = [
  'webhook-add',
  'webhook-list',
  'webhook-disable',
  'webhook-enable',
  'webhook-rotate-secret',
  'webhook-remove',
  'webhook-deliveries',
  'webhook-replay',
];

export const webhookUsage = `  webhook-add --client CLIENT_ID --url URL --types ${integrationEventTypes.join(',')}|all
  webhook-list [--client CLIENT_ID]
  webhook-disable --id ENDPOINT_ID [--reason TEKST]
  webhook-enable --id ENDPOINT_ID
  webhook-rotate-secret --id ENDPOINT_ID
  webhook-remove --id ENDPOINT_ID
  webhook-deliveries [--id ENDPOINT_ID] [--status ${webhookDeliveryStatuses.join('|')}] [--from MOMENT] [--to MOMENT] [--delivery NUMMER]
  webhook-replay --delivery NUMMER  |  webhook-replay --id ENDPOINT_ID --from MOMENT --to MOMENT`;

type Values = Record<string, string | boolean | undefined>;

const text = (values: Values, name: string) => (typeof values[name] === 'string' && values[name].trim() !== '' ? values[name].trim() : undefined);
const required = (values: Values, name: string) => {
  const value = text(values, name);
  if (value === undefined) throw new Error(`--${name} is verplicht`);
  return value;
};
const moment = (values: Values, name: string) => {
  const value = required(values, name);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`--${name} is een moment, bijvoorbeeld 2026-11-24T08:00:00+01:00`);
  return at;
};
const deliveryNumber = (values: Values) => {
  const n = Number(required(values, 'delivery'));
  if (!Number.isInteger(n) || n < 1) throw new Error('--delivery is het nummer van een aflevering');
  return n;
};

const print = (line: string) => process.stdout.write(`${line}\n`);

function printSecret(secret: string) {
  print(`secret: ${secret}`);
  print('Bewaar het geheim nu in de ontvanger: het wordt niet opnieuw getoond.');
}

export async function runWebhookCommand(database: Database, keys: { sealKey: Buffer; allowHttp: boolean }, command: string, values: Values): Promise<void> {
  const db = database.ownerDb;
  const now = new Date();
  switch (command) {
    case 'webhook-add': {
      const types = required(values, 'types');
      const created = await webhookEndpointAdmin.create(
        db,
        keys.sealKey,
        {
          integrationClientId: required(values, 'client'),
          url: required(values, 'url'),
          eventTypes: types === 'all' ? [...integrationEventTypes] : types.split(',').map((t) => t.trim()),
        },
        { allowHttp: keys.allowHttp },
      );
      print(`Webhook ${created.id} aangemaakt: het ontvangt de gebeurtenissen die vanaf nu volgen.`);
      printSecret(created.secret);
      return;
    }
    case 'webhook-list':
      for (const e of await webhookEndpointAdmin.list(db, text(values, 'client') ?? null)) {
        const health = e.enabled ? (e.failingSince ? `mislukt sinds ${e.failingSince}` : 'aan') : `uit (${e.disabledReason ?? 'zonder reden'})`;
        print(`${e.id}  ${e.clientName}  ${e.url}  [${e.eventTypes.join(', ')}]  ${health}  laatst gelukt: ${e.lastSuccessAt ?? '-'}  wachtend: ${e.pendingDeliveries}`);
      }
      return;
    case 'webhook-disable':
      await webhookEndpointAdmin.setEnabled(db, required(values, 'id'), false, text(values, 'reason') ?? null, now);
      print('Webhook uitgezet: de afleveringen wachten tot het weer aan staat.');
      return;
    case 'webhook-enable':
      await webhookEndpointAdmin.setEnabled(db, required(values, 'id'), true, null, now);
      print('Webhook aangezet: wachtende afleveringen en wat er intussen gebeurde, worden nu afgeleverd.');
      return;
    case 'webhook-rotate-secret':
      printSecret((await webhookEndpointAdmin.rotateSecret(db, keys.sealKey, required(values, 'id'), now)).secret);
      return;
    case 'webhook-remove':
      await webhookEndpointAdmin.remove(db, required(values, 'id'));
      print('Webhook verwijderd, met zijn afleveringen.');
      return;
    case 'webhook-deliveries':
      if (text(values, 'delivery') !== undefined) {
        for (const a of await webhookDeliveryAdmin.attempts(db, deliveryNumber(values))) {
          print(`${a.attemptedAt}  ${a.statusCode ?? '-'}  ${a.durationMs} ms  ${a.error ?? ''}`);
        }
        return;
      }
      await printDeliveries(database, values);
      return;
    case 'webhook-replay':
      if (text(values, 'delivery') !== undefined) {
        await webhookDeliveryAdmin.replayOne(db, deliveryNumber(values), now);
        print('De aflevering gaat opnieuw, met dezelfde webhook-id.');
        return;
      }
      print(`${await webhookDeliveryAdmin.replayPeriod(db, required(values, 'id'), moment(values, 'from'), moment(values, 'to'), now)} gebeurtenissen worden opnieuw afgeleverd.`);
      return;
    default:
      throw new Error(`Onbekend commando ${command}`);
  }
}

async function printDeliveries(database: Database, values: Values) {
  const status = text(values, 'status');
  if (status !== undefined && !(webhookDeliveryStatuses as readonly string[]).includes(status)) throw new Error(`--status is ${webhookDeliveryStatuses.join(', ')}`);
  const filters: WebhookDeliveryFilters = {
    endpointId: text(values, 'id') ?? null,
    status: (status ?? null) as WebhookDeliveryFilters['status'],
    from: text(values, 'from') === undefined ? null : moment(values, 'from').toISOString(),
    until: text(values, 'to') === undefined ? null : moment(values, 'to').toISOString(),
    rowsPerPage: 100,
  };
  const page = await webhookDeliveryAdmin.list(database.ownerDb, filters);
  for (const d of page.items) {
    print(`${d.id}  ${d.status}  ${d.eventType} #${d.eventPosition}  ${d.eventId}  pogingen: ${d.attempts}  ${d.lastStatusCode ?? ''} ${d.lastError ?? ''}  ${d.url}`);
  }
  print(`${page.items.length} van ${page.total} afleveringen (nieuwste eerst).`);
}
