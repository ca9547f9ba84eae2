import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { uuidField } from '../fields.js';
import { validation as v } from '../messages.js';
import { allowedRowsPerPage, tableResponse } from '../table.js';
import { integrationEventType, type integrationEventTypes } from '../integration/events.js';

/**
 * Webhooks of the provider's systems (issue 29.2): an integration client's endpoints, the deliveries of events to
 * them and each attempt, managed by the back-office's Beheerder (and by command). The words of refusals and of the
 * mail that tells a client its endpoint was switched off.
 */
export const webhookText = {
  urlInvalid: 'Geef een volledige https-adres op (http alleen naar dit eigen systeem)',
  eventTypesRequired: 'Kies ten minste één soort gebeurtenis',
  eventTypeUnknown: (type: string) => `Onbekende soort gebeurtenis: ${type}`,
  eventTypeNotAllowed: (type: string, scope: string) => `De koppeling mag ${type} niet lezen: daarvoor is de scope ${scope} nodig`,
  clientUnknown: 'Deze koppeling bestaat niet of is ingetrokken',
  endpointUnknown: 'Dit webhook-adres bestaat niet',
  deliveryUnknown: 'Deze aflevering bestaat niet',
  periodInvalid: 'Het einde van de periode ligt vóór het begin',
  enableFirst: 'Dit webhook-adres staat uit: zet het eerst aan',
  switchedOffReason: 'Uitgezet: afleveren mislukte te lang',
  switchedOffMail: (m: { clientName: string; url: string; since: string; endpointId: string; days: number }) => ({
    subject: `Webhook van ${m.clientName} uitgezet`,
    text: [
      `Mijn Spits heeft het webhook-adres ${m.url} van de koppeling "${m.clientName}" uitgezet.`,
      '',
      `Sinds ${m.since} is geen enkele aflevering naar dit adres gelukt; na ${m.days} dagen zonder succes zetten wij een adres uit.`,
      'Gebeurtenissen die in de tussentijd ontstaan, bewaren wij: zodra het adres weer aan staat, worden ze alsnog afgeleverd.',
      '',
      'Zo zet u het weer aan, nadat de ontvanger weer werkt:',
      `- in Mijn Spits Beheer, onder Koppelingen, bij dit adres: Aanzetten; of`,
      `- met het commando: npm run portal -- webhook-enable --id ${m.endpointId}`,
    ].join('\n'),
  }),
} as const;

/** What each event type is, in the words of the back-office (the type itself is the integrator's name for it). */
export const webhookEventTypeLabels: Record<(typeof integrationEventTypes)[number], string> = {
  'submission.created': 'Aanvraag of melding ingediend',
  'submission.statusChanged': 'Status van een aanvraag of melding gewijzigd',
  'submission.answered': 'Aanvraag of melding beantwoord',
  'submission.replied': 'Klant reageerde op een aanvraag of melding',
  'serviceOrder.created': 'Bestelling geplaatst',
  'serviceOrder.statusChanged': 'Status van een bestelling gewijzigd',
  'serviceOrder.answered': 'Bestelling beantwoord',
  'serviceOrder.replied': 'Klant reageerde op een bestelling',
};

/** The words of the back-office's Webhooks tab (Koppelingen). */
export const webhookScreenText = {
  tab: (failing: number) => (failing > 0 ? `Webhooks (${failing} faalt)` : 'Webhooks'),
  add: 'Webhook toevoegen',
  endpointsTitle: 'Webhook-adressen',
  noEndpoints: 'Er zijn nog geen webhook-adressen. Voeg er een toe met Webhook toevoegen.',
  noClients: 'Er zijn nog geen koppelingen. Een koppeling wordt gemaakt met het commando create-integration.',
  endpointsLoadFailed: 'De webhook-adressen konden niet worden geladen.',
  active: 'actief',
  switchedOff: 'uitgeschakeld',
  switchedOffSince: (since: string) => `uitgeschakeld sinds ${since}`,
  failingSince: (since: string) => `faalt sinds ${since}`,
  eventTypes: 'Gebeurtenissen',
  lastSuccess: 'Laatste succes',
  never: 'nog nooit',
  pending: 'Wachtend',
  reason: 'Reden',
  client: 'Koppeling',
  url: 'Adres (URL)',
  urlHint: 'https://…; http alleen naar dit eigen systeem (127.0.0.1 of localhost)',
  noTypesAllowed: 'Deze koppeling mag geen gebeurtenissen lezen: daarvoor is de scope orders:read of submissions:read nodig.',
  chooseClientFirst: 'Kies eerst een koppeling.',
  create: 'Toevoegen',
  cancel: 'Annuleren',
  switchOff: 'Uitzetten',
  switchOn: 'Aanzetten',
  switchOffTitle: (url: string) => `${url} uitzetten?`,
  switchOffText: 'Er wordt niets meer naar dit adres gestuurd. Gebeurtenissen die in de tussentijd ontstaan, blijven bewaard en worden afgeleverd zodra u het adres weer aanzet.',
  switchOffReason: 'Reden (optioneel)',
  rotate: 'Nieuw geheim',
  rotateTitle: (url: string) => `Nieuw geheim voor ${url}?`,
  rotateText: 'Het huidige geheim ondertekent direct niets meer: zet het nieuwe geheim meteen in het systeem dat de webhooks ontvangt.',
  remove: 'Verwijderen',
  removeTitle: (url: string) => `${url} verwijderen?`,
  removeText: 'Het adres wordt verwijderd met al zijn afleveringen en pogingen. Dit kan niet ongedaan worden gemaakt.',
  secretTitle: 'Geheim van het webhook-adres',
  secretText: 'Hiermee controleert de ontvanger de handtekening (webhook-signature) van elke webhook. Dit geheim wordt niet meer getoond: bewaar het nu in het systeem dat de webhooks ontvangt.',
  copy: 'Kopiëren',
  copied: 'Het geheim is gekopieerd.',
  copyFailed: 'Kopiëren lukte niet. Selecteer het geheim en kopieer het zelf.',
  secretKept: 'Ik heb het geheim bewaard',
  created: (url: string) => `Het webhook-adres ${url} is toegevoegd.`,
  switchedOn: (url: string) => `${url} staat weer aan.`,
  switchedOffDone: (url: string) => `${url} staat uit.`,
  rotated: (url: string) => `${url} heeft een nieuw geheim.`,
  removed: (url: string) => `${url} is verwijderd.`,
  deliveriesTitle: 'Afleveringen',
  deliveriesFilter: 'Afleveringen filteren',
  showDeliveries: 'Afleveringen',
  allEndpoints: 'Alle adressen',
  allStatuses: 'Alle statussen',
  from: 'Van',
  until: 'Tot en met',
  noDeliveries: 'Geen afleveringen gevonden bij deze filters.',
  deliveryHeaders: { createdAt: 'Gemaakt', url: 'Adres', eventType: 'Gebeurtenis', eventId: 'Webhook-id', status: 'Status', attempts: 'Pogingen', lastAttempt: 'Laatste poging' },
  replayMark: 'opnieuw',
  nextAttempt: (at: string) => `volgende poging ${at}`,
  showAttempts: 'Pogingen',
  attemptsTitle: (eventType: string) => `Pogingen van ${eventType}`,
  attemptHeaders: { attemptedAt: 'Tijdstip', statusCode: 'Statuscode', error: 'Fout', duration: 'Duur' },
  noAttempts: 'Nog geen pogingen.',
  attemptsLoadFailed: 'De pogingen konden niet worden geladen.',
  close: 'Sluiten',
  replay: 'Opnieuw afleveren',
  replayed: 'De aflevering wordt opnieuw verstuurd, met hetzelfde webhook-id.',
  replayPeriod: 'Periode opnieuw afleveren',
  replayPeriodTitle: (url: string) => `Periode opnieuw afleveren naar ${url}`,
  replayPeriodText:
    'Elke gebeurtenis van deze periode die dit adres ontvangt, wordt opnieuw verstuurd als een nieuwe aflevering, met hetzelfde webhook-id (het id van de gebeurtenis) als de eerste keer: de ontvanger herkent zo wat hij al had. Alleen gebeurtenissen die al voor dit adres klaarstonden, tellen mee.',
  replayFrom: 'Van (datum en tijd)',
  replayUntil: 'Tot (datum en tijd)',
  replayedPeriod: (n: number) => (n === 1 ? 'Er wordt 1 gebeurtenis opnieuw afgeleverd.' : `Er worden ${n} gebeurtenissen opnieuw afgeleverd.`),
} as const;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusLabels: Record<(typeof webhookDeliveryStatuses)[number], string> = {
  pending: 'Wacht op aflevering',
  delivered: 'Afgeleverd',
  failed: 'Mislukt',
};

/** A moment with its offset (or Z): a period's edges must not depend on the server's time zone. */
const moment = () => z.iso.datetime({ offset: true, error: v.invalidDate });

export const webhookEndpointRow = z.object({
  id: z.string(),
  integrationClientId: z.string(),
  clientName: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  pendingDeliveries: z.int(),
  createdAt: z.string(),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRow>;

export const webhookDeliveryRow = z.object({
  id: z.int(),
  endpointId: z.string(),
  url: z.string(),
  eventId: z.string().describe('the webhook-id of every attempt'),
  eventType: z.string(),
  eventPosition: z.int(),
  replay: z.boolean(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

export const webhookAttemptRow = z.object({
  id: z.int(),
  attemptedAt: z.string(),
  statusCode: z.int().nullable(),
  error: z.string().nullable(),
  durationMs: z.int(),
});

export const webhookDeliveryFilters = z.strictObject({
  endpointId: uuidField().nullish(),
  status: z.enum(webhookDeliveryStatuses, { error: v.invalidValue }).nullish(),
  from: moment().nullish(),
  until: moment().nullish(),
  page: z.int({ error: v.invalidValue }).min(1, v.tooSmall(1)).max(1_000_000, v.tooLarge(1_000_000)).nullish(),
  rowsPerPage: z
    .int({ error: v.invalidValue })
    .refine((n) => (allowedRowsPerPage as readonly number[]).includes(n), v.invalidValue)
    .nullish(),
});
export type WebhookDeliveryFilters = z.infer<typeof webhookDeliveryFilters>;

const endpointId = z.strictObject({ id: uuidField() });
const secretAnswer = z.object({ id: z.string(), secret: z.string().describe('whsec_…: shown this once') });

export const backofficeWebhookCalls = staffController('Webhooks', ['Beheerder'], {
  listClients: {
    method: 'GET',
    response: z.array(z.object({ id: z.string(), name: z.string(), scopes: z.array(z.string()), contactEmail: z.string().nullable(), revoked: z.boolean() })),
    summary: "The integration clients, with their scopes and contact address: an endpoint's client is one of them.",
  },
  listEndpoints: {
    method: 'POST',
    body: z.strictObject({ integrationClientId: uuidField().nullish() }),
    response: z.array(webhookEndpointRow),
    summary: 'The webhook endpoints (of one client, or all) with their health: last success, failing since, pending deliveries.',
  },
  createEndpoint: {
    method: 'POST',
    body: z.strictObject({
      integrationClientId: uuidField(),
      url: z.string({ error: webhookText.urlInvalid }).trim().min(1, webhookText.urlInvalid).max(2000, v.tooLong(2000)),
      eventTypes: z.array(integrationEventType, { error: webhookText.eventTypesRequired }).min(1, webhookText.eventTypesRequired),
    }),
    response: secretAnswer,
    summary: "Add an endpoint; its secret is answered this once. It receives the events that follow (each type allowed by the client's scopes).",
  },
  setEndpointEnabled: {
    method: 'POST',
    body: z.strictObject({ id: uuidField(), enabled: z.boolean({ error: v.invalidValue }), reason: z.string().trim().max(200, v.tooLong(200)).nullish() }),
    summary: 'Switch an endpoint off (its deliveries wait) or on again (they get a new window, and what happened meanwhile follows).',
  },
  rotateSecret: { method: 'POST', body: endpointId, response: secretAnswer, summary: 'A new secret, answered this once; the old one signs no more.' },
  removeEndpoint: { method: 'POST', body: endpointId, summary: 'Remove an endpoint with its deliveries and their attempts.' },
  listDeliveries: {
    method: 'POST',
    body: webhookDeliveryFilters,
    response: tableResponse(webhookDeliveryRow),
    summary: 'Deliveries, newest first, filtered by endpoint, status and period (when they were made).',
  },
  listAttempts: {
    method: 'POST',
    body: z.strictObject({ deliveryId: z.int({ error: v.required }).min(1, v.invalidValue) }),
    response: z.array(webhookAttemptRow),
    summary: "A delivery's attempts: time, status code or error, duration.",
  },
  replayDelivery: {
    method: 'POST',
    body: z.strictObject({ deliveryId: z.int({ error: v.required }).min(1, v.invalidValue) }),
    summary: 'Send a delivery again (the same webhook-id), as a new attempt with a new three-day window.',
  },
  replayPeriod: {
    method: 'POST',
    body: z.strictObject({ endpointId: uuidField(), from: moment(), until: moment() }),
    response: z.object({ deliveries: z.int() }),
    summary: 'Deliver every event of the period that the endpoint takes again, as new deliveries of the same event ids.',
  },
});
