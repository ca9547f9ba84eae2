import { addDays } from './random.js';

/** What the provider maintains for every customer: memos, FAQ and its contact details (demo texts). */

export interface DemoMemo {
  title: string;
  text: string;
  activeFrom: Date;
  activeUntil: Date | null;
}

const dutchDate = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);

/** Four memos: one expired, one not yet active, two active. `today` is a `calendarDay`. */
export function demoMemos(today: Date): DemoMemo[] {
  const maintenance = addDays(today, 16);
  return [
    {
      title: 'Gewijzigde levertijden afgelopen feestdagen',
      text: 'Door de feestdagen zijn de rollen een dag eerder verzonden. Vanaf deze week gelden weer de gewone levertijden.',
      activeFrom: addDays(today, -40),
      activeUntil: addDays(today, -12),
    },
    {
      title: 'Leveringsprobleem metoprololsuccinaat 50 mg',
      text:
        'Metoprololsuccinaat 50 mg tablet met gereguleerde afgifte is bij de groothandel beperkt leverbaar. Waar nodig ' +
        'verpakken wij tijdelijk een ander fabricaat met dezelfde werkzame stof. U ziet dit terug in de omschrijving op de ' +
        'rol. Heeft u vragen, bel dan de servicedesk.',
      activeFrom: addDays(today, -9),
      activeUntil: addDays(today, 30),
    },
    {
      title: 'Nieuw in Mijn Spits: uw facturen als Excel-bestand',
      text:
        'Naast de PDF kunt u uw facturen nu ook als Excel-bestand downloaden, met of zonder specificatie per afdeling. ' +
        'U vindt ze onder Facturen.',
      activeFrom: addDays(today, -3),
      activeUntil: null,
    },
    {
      title: `Onderhoud aan Mijn Spits op ${dutchDate(maintenance)}`,
      text:
        `Op ${dutchDate(maintenance)} tussen 06:00 en 08:00 uur is Mijn Spits niet bereikbaar wegens onderhoud. ` +
        'Rolaanvragen die u daarvoor indient, worden gewoon verwerkt.',
      activeFrom: addDays(today, 9),
      activeUntil: addDays(today, 17),
    },
  ];
}

/** FAQ items in their order; html limited to p, ul/li, strong and links (the web app sanitises it anyway). */
export const demoFaqItems: { title: string; contentHtml: string }[] = [
  {
    title: 'Wanneer moet een wijziging in de medicatie binnen zijn?',
    contentHtml:
      '<p>Wijzigingen die <strong>uiterlijk 12:00 uur</strong> op de werkdag vóór de productiedag binnen zijn, verwerken wij in de eerstvolgende rol.</p>' +
      '<p>Later doorgegeven wijzigingen verwerken wij in de rol daarna, of met een extra rol als het niet kan wachten.</p>',
  },
  {
    title: 'Hoe vraag ik een extra rol of een vakantierol aan?',
    contentHtml:
      '<p>Kies in het menu <strong>Formulieren</strong> voor <a href="/forms/requestImmediateProduct">Aanvraagformulier rollen</a>. Geef aan:</p>' +
      '<ul><li>de patiënt en de afdeling;</li><li>of het om een extra rol of een vakantierol gaat;</li><li>de startdatum en het aantal dagen;</li><li>de gewenste verzend- en ontvangstdatum.</li></ul>' +
      '<p>U kunt rollen aanvragen voor ten hoogste 12 weken vanaf de productiedatum, verpakt in delen van ten hoogste 4 weken.</p>',
  },
  {
    title: 'Wat betekent de status van een inpakopdracht?',
    contentHtml:
      '<p>U ziet de status onder <a href="/packing-order">Inpakopdrachten</a>.</p>' +
      '<ul><li><strong>Ontvangen</strong>: de opdracht is bij ons binnen.</li><li><strong>In productie</strong>: de rollen worden verpakt.</li>' +
      '<li><strong>Verpakt</strong>: de rollen zijn gecontroleerd en klaar voor verzending.</li><li><strong>Verzonden</strong>: de rollen zijn onderweg.</li>' +
      '<li><strong>Afgeleverd</strong>: de rollen zijn bij u bezorgd.</li></ul>',
  },
  {
    title: 'Waarom staat er bij een product "Kan gehalveerd: Nee"?',
    contentHtml:
      '<p>Sommige tabletten mogen niet gebroken worden, bijvoorbeeld tabletten met gereguleerde afgifte of maagsapresistente tabletten. ' +
      'Zulke producten verpakken wij alleen in hele eenheden. Overleg bij een halve dosering met de voorschrijver over een andere sterkte.</p>',
  },
  {
    title: 'Hoe meld ik een fout in een rol of zakje?',
    contentHtml:
      '<p>Kies in het menu <strong>Formulieren</strong> voor <strong>Melding onvolkomenheden</strong> en voeg zo mogelijk een foto toe van het zakje met de batchcode. ' +
      'Haal het zakje niet uit de rol voordat u de foto heeft gemaakt.</p><p>Bij een spoedeisende situatie belt u direct de servicedesk.</p>',
  },
  {
    title: 'Een nieuw geneesmiddel staat niet in ons assortiment. Wat nu?',
    contentHtml:
      '<p>Vraag het product aan via <strong>Formulieren</strong>, <a href="/forms/requestNewProduct">Assortimentsaanvraag</a>. Vermeld het ZI-nummer, de sterkte, het verbruik per week en het aantal patiënten. ' +
      'Wij laten binnen twee werkdagen weten of en vanaf wanneer wij het kunnen verpakken.</p>',
  },
  {
    title: 'Wie mag collega-accounts aanmaken?',
    contentHtml:
      '<p>Alleen gebruikers met het accounttype <strong>Administrator</strong> kunnen onder <a href="/pharmacists">Medewerkers</a> collega\'s uitnodigen, accounts deactiveren en rollen wijzigen. ' +
      'Een uitgenodigde collega ontvangt een e-mail om binnen 7 dagen een wachtwoord te kiezen.</p>',
  },
  {
    title: 'Hoe zet ik tweestapsverificatie aan?',
    contentHtml:
      '<p>Ga naar <a href="/settings">Beveiliging</a> en scan de QR-code met een authenticator-app, zoals die op uw telefoon. ' +
      'Vanaf dan vraagt Mijn Spits bij het inloggen om de zescijferige code uit de app.</p>',
  },
  {
    title: 'Waar vind ik de leverdagen van mijn afdelingen?',
    contentHtml:
      '<p>Onder <a href="/calendar">Leveringsafspraken</a> ziet u per afdeling op welke dag en hoe laat wij verzenden en wanneer de levering aankomt. ' +
      'Rond feestdagen kunnen de dagen afwijken; dat maken wij tijdig bekend.</p>',
  },
  {
    title: 'Mijn vraag staat er niet bij',
    contentHtml:
      '<p>Stel uw vraag hieronder of mail naar <a href="mailto:service@mijnspits.nl">service@mijnspits.nl</a>. ' +
      'Lees ook de <a href="https://www.mijnspits.nl/veelgestelde-vragen" target="_blank" rel="noopener noreferrer">uitgebreide vragenlijst op onze website</a>.</p>',
  },
];

/** The provider's contact details (content block 'contactDetails'): plain text, one item per line. */
export const demoContactDetails = [
  'Spits Medicatieverpakking B.V.',
  'Nijverheidsweg 18',
  '3771 ME Barneveld',
  '',
  'Servicedesk: 0342 - 20 40 60',
  'E-mail: service@mijnspits.nl',
  '',
  'Bereikbaar maandag tot en met vrijdag van 08:00 tot 17:30 uur,',
  'zaterdag van 09:00 tot 12:00 uur (alleen voor spoed).',
  'Buiten deze tijden kunt u voor spoedeisende zaken bellen met 0342 - 20 40 69.',
].join('\n');
