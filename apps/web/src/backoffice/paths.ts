import type { RouteEntry } from '@/lib/paths';

/** Every URL of the back-office (issue 12), under /beheer, with its Dutch title. */
export const backofficePaths = {
  home: { path: '/beheer', title: 'Beheer' },
  login: { path: '/beheer/login', title: 'Inloggen Beheer' },
  invitation: { path: '/beheer/uitnodiging', title: 'Uitnodiging aannemen' },
  totpSetup: { path: '/beheer/tweestapsverificatie', title: 'Tweestapsverificatie instellen' },
  inbox: { path: '/beheer/inbox', title: 'Inbox' },
  inboxItem: { path: '/beheer/inbox/:kind/:id', title: 'Inbox-item' },
  reporting: { path: '/beheer/rapportage', title: 'Rapportage' },
  customers: { path: '/beheer/klanten', title: 'Klanten' },
  customerAdd: { path: '/beheer/klanten/nieuw', title: 'Nieuwe klant' },
  customerDetail: { path: '/beheer/klanten/:id', title: 'Klant' },
  memos: { path: '/beheer/inhoud/memos', title: "Memo's" },
  faq: { path: '/beheer/inhoud/faq', title: 'Veelgestelde vragen' },
  contact: { path: '/beheer/inhoud/contact', title: 'Contacttekst' },
  serviceProducts: { path: '/beheer/inhoud/serviceproducten', title: 'Serviceproducten' },
  /** the answers staff choose in an item's answer form (issue 30.4), kept by the Beheerder */
  savedReplies: { path: '/beheer/inhoud/standaardantwoorden', title: 'Standaardantwoorden' },
  staff: { path: '/beheer/medewerkers', title: 'Medewerkers' },
  audit: { path: '/beheer/logboek', title: 'Logboek' },
  /** the staff member's own choices (issue 30.6): every role */
  ownSettings: { path: '/beheer/instellingen', title: 'Instellingen' },
  /** the provider's systems: a tab per part (Importruns, Webhooks), each a route of its own */
  integrations: { path: '/beheer/koppelingen', title: 'Koppelingen' },
  importRuns: { path: '/beheer/koppelingen/importruns', title: 'Importruns' },
  importRun: { path: '/beheer/koppelingen/importruns/:id', title: 'Importrun' },
  webhooks: { path: '/beheer/koppelingen/webhooks', title: 'Webhooks' },
} as const satisfies Record<string, RouteEntry>;
