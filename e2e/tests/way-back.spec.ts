import type { IntegrationEvent } from '@portal/contract';
import { feedback } from '@portal/contract';
import { ProviderSystem } from '../support/integration.js';
import { choosePatient } from '../support/report-forms.js';
import { dutchDay } from '../support/request-forms.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field } from '../support/ui.js';

test.describe('De weg terug: wat de klant indient, komt bij de systemen van de leverancier aan', () => {
  test('a customer files a roll request; the feed shows it with the provider’s keys; the provider’s system answers it; the customer reads the answer', async ({
    page,
    request,
    customer,
    customerLogin: _loggedIn,
  }, testInfo) => {
    const erp = await ProviderSystem.connect(request, `ERP ${customer.code}`);
    await erp.send('departments', [{ customer: customer.code, key: 'AFD-KB', name: 'Afdeling Korenbloem' }]);
    await erp.send('patients', [{ customer: customer.code, key: 'PAT-0937', department: 'AFD-KB', firstName: 'Aaltje', lastName: 'Bakker', birthDate: '1937-09-05' }]);
    let cursor = '0';
    for (let page = await erp.events(cursor); ; page = await erp.events(cursor)) {
      cursor = page.next;
      if (!page.hasMore) break;
    }

    await page.goto('/forms/requestImmediateProduct');
    await expectScreen(page, 'Aanvraagformulier rollen');
    const patient = await choosePatient(page, 'Bakker');
    expect(patient.facility).toBe('Afdeling Korenbloem');
    await field(page, 'Startdatum').fill(dutchDay(10).dutch);
    await field(page, 'Aantal dagen').fill('14');
    await field(page, 'Uiterste ontvangstdatum').fill(dutchDay(8).dutch);
    await field(page, 'Verstuurdatum').fill(dutchDay(6).dutch);
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(page.getByText(feedback.rollRequestSucceeded)).toBeVisible();
    const reference = /AAN-\d{4}-\d{6}/.exec((await page.getByTestId('submission-receipt').textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');

    // The provider's system polls the feed with its cursor, as docs/integration.md shows.
    let filed: IntegrationEvent | undefined;
    await expect
      .poll(async () => {
        const page = await erp.events(cursor);
        filed = page.events.find((event) => event.type === 'submission.created' && event.data.reference === reference);
        return filed?.type;
      })
      .toBe('submission.created');
    expect(filed!.data).toMatchObject({
      kind: 'ImmediateProduct',
      customer: { code: customer.code },
      patient: { key: 'PAT-0937', name: 'Aaltje Bakker', birthDate: '1937-09-05' },
      department: { key: 'AFD-KB', name: 'Afdeling Korenbloem' },
      fields: { startDate: dutchDay(10).iso, amountOfDays: 14 },
    });

    const answer = 'De vakantierol gaat vrijdag mee met de vaste levering.';
    await erp.writeBack(`submissions/${reference}/status`, { status: 'Processing' });
    await erp.writeBack(`submissions/${reference}/answers`, { text: answer });

    await page.goto('/mijn-aanvragen');
    await expectScreen(page, 'Mijn aanvragen en meldingen');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('In behandeling');
    await row.getByRole('button', { name: /^Berichten over .* lezen$/ }).click();
    await expect(page.getByRole('dialog')).toContainText(answer);
    await saveScreen(page, testInfo, 'way-back-answer');
  });
});
