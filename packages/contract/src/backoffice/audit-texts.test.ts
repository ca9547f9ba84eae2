import { describe, expect, it } from 'vitest';
import {
  auditActionOptions,
  auditActionsMatching,
  auditActionText,
  auditActorKindText,
  auditDetailFields,
  auditDetailsText,
  auditObjectText,
} from './audit-texts.js';

const object = { objectType: null, objectId: null, objectName: null, patients: [] as string[] };

describe('the Logboek’s actions', () => {
  it('reads a known code as its phrase, and an unknown one as written', () => {
    expect(auditActionText('Backoffice.ServiceProductImage')).toBe('Afbeelding van serviceproduct gewijzigd');
    expect(auditActionText('Backoffice.InboxStatus')).toBe('Status van inbox-item gewijzigd');
    expect(auditActionText('Integration.EventsRead')).toBe('Gebeurtenissen gelezen door koppeling');
    expect(auditActionText('Something.New')).toBe('Something.New');
  });

  it('finds codes by a part of their phrase, case and accents aside', () => {
    expect(auditActionsMatching('AFBEELDING')).toEqual(['Backoffice.ServiceProductImage']);
    expect(auditActionsMatching('geexporteerd')).toEqual(expect.arrayContaining(['Backoffice.AuditExport', 'TableExport']));
    expect(auditActionsMatching('  ')).toEqual([]);
  });

  it('offers every action once, by phrase in alphabetical order', () => {
    const labels = auditActionOptions.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'nl')));
    expect(new Set(auditActionOptions.map((o) => o.value)).size).toBe(auditActionOptions.length);
    expect(auditActionOptions).toContainEqual({ value: 'Login', label: 'Ingelogd' });
  });
});

describe('the Logboek’s actors', () => {
  it('names the kind with the role the row kept', () => {
    expect(auditActorKindText({ actorKind: 'Customer', actorRole: 'Administrator' })).toBe('Klant, administrator');
    expect(auditActorKindText({ actorKind: 'Customer', actorRole: 'Employee' })).toBe('Klant, medewerker');
    expect(auditActorKindText({ actorKind: 'Staff', actorRole: 'Klantenservice' })).toBe('Medewerker Mijn Spits, Klantenservice');
    expect(auditActorKindText({ actorKind: 'Integration', actorRole: null })).toBe('Koppeling');
    expect(auditActorKindText({ actorKind: 'System', actorRole: null })).toBe('Systeem');
  });
});

describe('the Logboek’s objects', () => {
  it('names a customer and an item by themselves, other named objects with their kind', () => {
    expect(auditObjectText({ ...object, objectType: 'Customer', objectId: 'c0ffee', objectName: 'Apotheek De Linde (APO-1001)' })).toBe('Apotheek De Linde (APO-1001)');
    expect(auditObjectText({ ...object, objectType: 'FormSubmission', objectId: '12', objectName: 'AAN-2026-000012' })).toBe('AAN-2026-000012');
    expect(auditObjectText({ ...object, objectType: 'UploadedFile', objectId: 'f1', objectName: 'scan.pdf' })).toBe('Bestand scan.pdf');
  });

  it('names a patient as the row kept it, and an object without a name by its kind and id', () => {
    expect(auditObjectText({ ...object, objectType: 'Patient', objectId: '7', patients: ['Jan Jansen (7)'] })).toBe('Patiënt Jan Jansen (7)');
    expect(auditObjectText({ ...object, objectType: 'ServiceProduct', objectId: '3' })).toBe('Serviceproduct 3');
    expect(auditObjectText({ ...object, objectType: 'FormSubmission', objectId: '99' })).toBe('Inbox-item 99');
    expect(auditObjectText({ ...object, objectType: 'Inbox/getItem', objectId: '5' })).toBe('Inbox/getItem 5');
    expect(auditObjectText(object)).toBeNull();
  });
});

describe('the Logboek’s details', () => {
  const fields = (action: string, details: unknown) => auditDetailFields({ action, details: details === null ? null : JSON.stringify(details) });

  it('labels known keys in Dutch, in the labels’ order, with statuses in words', () => {
    expect(fields('Backoffice.InboxStatus', { to: 'Processing', from: 'New' })).toEqual([
      { label: 'Van', value: 'Nieuw' },
      { label: 'Naar', value: 'In behandeling' },
    ]);
    expect(auditDetailsText(fields('Integration.InboxStatus', { from: 'Processing', to: 'Archived' }))).toBe('Van: In behandeling; Naar: Gearchiveerd');
  });

  it('spells out values: yes and no, nobody, lists, account types, formats and kinds', () => {
    expect(auditDetailsText(fields('Backoffice.InboxAssign', { from: null, to: 4 }))).toBe('Van: niemand; Naar: 4');
    expect(auditDetailsText(fields('PharmacistUpdate', { changed: ['firstName', 'isActive'], pharmacistType: 'Employee', isActive: false }))).toBe(
      'Soort account: Medewerker; Actief: nee; Gewijzigd: firstName, isActive',
    );
    expect(auditDetailsText(fields('TableExport', { format: 'Xlsx', rows: 12, completed: true }))).toBe('Bestandsformaat: Excel; Aantal regels: 12; Volledig: ja');
    expect(auditDetailsText(fields('FormSubmission', { kind: 'NonFaqQuestion' }))).not.toContain('NonFaqQuestion');
  });

  it('shows a read’s filters that were set, by their Dutch names, and leaves out what is empty', () => {
    const text = auditDetailsText(fields('Backoffice.AuditRead', { filters: { customer: 'linde', actorKind: 'Staff', action: 'Login', patient: null }, search: null, page: 2 }));
    expect(text).toBe('Filters: Klant: linde, Wie (soort): Medewerker Mijn Spits, Actie: Ingelogd; Pagina: 2');
    expect(auditDetailsText(fields('Backoffice.AuditRead', { filters: { customer: null }, search: '', page: 1 }))).toBe('Pagina: 1');
    expect(auditDetailsText(fields('Backoffice.InboxStatus', { from: 'New', to: null }))).toBe('Van: Nieuw; Naar: —');
  });

  it('keeps unknown keys by their own name rather than dropping them, and text that is no object as it is', () => {
    expect(fields('Something.New', { colour: 'blauw', size: 10 })).toEqual([
      { label: 'Grootte (bytes)', value: '10' },
      { label: 'colour', value: 'blauw' },
    ]);
    expect(auditDetailFields({ action: 'Login', details: 'not json' })).toEqual([{ label: 'Details', value: 'not json' }]);
    expect(fields('Login', null)).toEqual([]);
  });
});
