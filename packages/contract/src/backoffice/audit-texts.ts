import { pharmacistTypeLabels } from '../calls/exports.js';
import type { PharmacistType } from '../enums.js';
import { inboxKindText, inboxStatusText } from '../inbox.js';
import { auditActionLabels, auditDetailLabels, auditObjectTypeLabels, auditTexts } from './audit-labels.js';
import { auditActorKindLabels, type AuditRow } from './audit.js';

/*
 * A row of the Logboek as the provider's staff read it (issue 30.9), on screen and in the CSV alike: the stored
 * row's codes and JSON turned into Dutch when read, never rewritten.
 */

/** The action's Dutch phrase; a code this version does not know, as it was written. */
export function auditActionText(action: string): string {
  return auditActionLabels[action] ?? action;
}

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** The action codes whose Dutch phrase contains `text` (case and accents aside): what a search in Dutch finds. */
export function auditActionsMatching(text: string): string[] {
  const term = folded(text.trim());
  if (!term) return [];
  return Object.entries(auditActionLabels)
    .filter(([, label]) => folded(label).includes(term))
    .map(([code]) => code);
}

/** The action filter's choices: every known action by its phrase, in alphabetical order. */
export const auditActionOptions: readonly { value: string; label: string }[] = Object.entries(auditActionLabels)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'nl'));

/** What kind of actor, with the role the row kept: 'Klant, administrator', 'Medewerker Mijn Spits, Klantenservice'. */
export function auditActorKindText(row: Pick<AuditRow, 'actorKind' | 'actorRole'>): string {
  const kind = auditActorKindLabels[row.actorKind];
  if (!row.actorRole) return kind;
  if (row.actorKind === 'Customer') {
    const type = pharmacistTypeLabels[row.actorRole as PharmacistType] ?? row.actorRole;
    return `${kind}, ${type.toLowerCase()}`;
  }
  return row.actorKind === 'Staff' ? `${kind}, ${row.actorRole}` : kind;
}

/** Objects whose name says what they are on its own: a customer's name and code, an item's reference. */
const selfNamed = new Set(['Customer', 'FormSubmission', 'Submission', 'ServiceProductOrder']);

/** The object by name where the row allows it ('Apotheek De Linde (APO-1001)', 'AAN-2026-000123'), else by kind and id. */
export function auditObjectText(row: Pick<AuditRow, 'objectType' | 'objectId' | 'objectName' | 'patients'>): string | null {
  if (!row.objectType) return row.objectId;
  const noun = auditObjectTypeLabels[row.objectType] ?? row.objectType;
  if (row.objectName) return selfNamed.has(row.objectType) ? row.objectName : `${noun} ${row.objectName}`;
  if (row.objectType === 'Patient' && row.patients.length === 1) return `${noun} ${row.patients[0]}`;
  return row.objectId ? `${noun} ${row.objectId}` : noun;
}

export interface AuditDetailField {
  label: string;
  value: string;
}

const valueWords: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  format: { Csv: 'CSV', Xlsx: 'Excel' },
  purpose: { Photo: 'Foto', RollFile: 'Rolbestand', Attachment: 'Bijlage' },
  actorKind: auditActorKindLabels,
  pharmacistType: pharmacistTypeLabels,
  itemKind: { Submission: 'Aanvraag of melding', ServiceOrder: 'Bestelling' },
};

/** One value as text: words for known codes, ja/nee, lists and nested fields spelled out; nothing dropped but empty filters. */
function valueText(key: string, value: unknown, action: string): string {
  if (value === null || value === undefined || value === '') return action === 'Backoffice.InboxAssign' ? auditTexts.nobody : auditTexts.empty;
  if (typeof value === 'boolean') return value ? auditTexts.yes : auditTexts.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(key, v, action)).join(', ') : auditTexts.empty;
  if (typeof value === 'object') {
    const set = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
    return set.length ? set.map(([k, v]) => `${auditDetailLabels[k] ?? k}: ${valueText(k, v, action)}`).join(', ') : auditTexts.empty;
  }
  const text = String(value);
  if ((key === 'from' || key === 'to') && /Status$/.test(action)) return inboxStatusText(text);
  if (key === 'kind') return inboxKindText(text);
  if (key === 'action') return auditActionText(text);
  return valueWords[key]?.[text] ?? text;
}

/** Nothing to read: no value, or filters none of which was set. A change from or to nothing is kept ('Van: niemand'). */
const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as Record<string, unknown>).every(isEmpty));

const keyOrder = Object.keys(auditDetailLabels);
/** The table's order of the known keys ('Van' before 'Naar'): the stored JSON keeps no order of its own. */
const rank = (key: string) => (keyOrder.includes(key) ? keyOrder.indexOf(key) : keyOrder.length);

/** The details as labelled fields, known keys in the labels' order and the others after them; a key without a label keeps its own name, an empty one is left out. */
export function auditDetailFields(row: Pick<AuditRow, 'action' | 'details'>): AuditDetailField[] {
  if (!row.details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.details);
  } catch {
    return [{ label: auditTexts.details, value: row.details }];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [{ label: auditTexts.details, value: valueText('', parsed, row.action) }];
  const entries = Object.entries(parsed as Record<string, unknown>)
    .filter(([key, value]) => key === 'from' || key === 'to' || !isEmpty(value))
    .sort(([a], [b]) => rank(a) - rank(b));
  return entries.map(([key, value]) => ({
    label: auditDetailLabels[key] ?? key,
    value: valueText(key, value, row.action),
  }));
}

/** The details in one cell of the CSV: 'Van: Nieuw; Naar: In behandeling'. */
export const auditDetailsText = (fields: readonly AuditDetailField[]) => fields.map((f) => `${f.label}: ${f.value}`).join('; ');
