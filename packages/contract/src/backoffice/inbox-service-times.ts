import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { requiredEnum } from '../fields.js';
import { inboxKinds } from '../inbox.js';
import { validation as v } from '../messages.js';

/**
 * The service time per kind of inbox item (issue 30.5), which a Beheerder sets: hours from receipt within which
 * an item should be done. The inbox's due moments read them; a kind left alone has `defaultServiceHours`.
 * Apart from the queue's other calls, so that the web app fetches it with the dialog that uses it.
 */

/** A service time's bounds in hours: from one hour to eight weeks. */
export const serviceHoursRange = { min: 1, max: 1344 } as const;

export const serviceTimesText = {
  intro:
    'Binnen hoeveel uur na ontvangst een item klaar hoort te zijn, per soort. Een aanvraag rollen is uiterlijk klaar op de uiterste ontvangstdatum. De rapportage telt met dezelfde uren.',
  hours: 'uren',
  hint: (hours: number) => `standaard ${hours}`,
  saved: 'De servicetijden zijn opgeslagen.',
} as const;

/** The service time of every kind, as the Beheerder set it or else the default. */
export const serviceTimes = z.array(z.object({ kind: z.enum(inboxKinds), hours: z.int(), defaultHours: z.int() }));
export type ServiceTimes = z.infer<typeof serviceTimes>;

const hoursField = z
  .int({ error: v.invalidValue })
  .min(serviceHoursRange.min, v.tooSmall(serviceHoursRange.min))
  .max(serviceHoursRange.max, v.tooLarge(serviceHoursRange.max));

export const backofficeServiceTimeCalls = staffController('ServiceTimes', ['Beheerder'], {
  get: { method: 'GET', response: serviceTimes, summary: 'The service time of every kind (hours from receipt).' },
  save: {
    method: 'POST',
    body: z.strictObject({ times: z.array(z.strictObject({ kind: requiredEnum(inboxKinds, v.invalidValue), hours: hoursField })).max(inboxKinds.length) }),
    response: serviceTimes,
    summary: 'Set the service time of kinds (audited); a kind set to its default keeps no row of its own.',
  },
});
