import { myRequestsPath, type ImperfectionVariant } from '@portal/contract';

/** The product's name as users see it: brand on the auth cards and the menu, suffix of every page title. */
export const productName = 'Mijn Spits';

export interface RouteEntry {
  /** Absolute URL pattern, as the router matches it. */
  path: string;
  /** Dutch title: top bar and document title. */
  title: string;
}

/** Every URL of the app, with its title (the product's screens). Links and routes take URLs from here only. */
export const paths = {
  auth: {
    login: { path: '/auth', title: 'Inloggen' },
    resetPassword: { path: '/auth/reset-password', title: 'Wachtwoord vergeten' },
    resetPasswordUpdate: { path: '/auth/reset-password/update', title: 'Nieuw wachtwoord instellen' },
    activate: { path: '/auth/activate', title: 'Account activeren' },
  },
  dashboard: { path: '/', title: 'Dashboard' },
  products: { path: '/products', title: 'Assortiment Overzicht' },
  packingOrders: { path: '/packing-order', title: 'Inpakopdrachten' },
  deliverySchedules: { path: '/calendar', title: 'Leveringsafspraken' },
  invoices: { path: '/invoices', title: 'Facturen' },
  faq: { path: '/faq', title: 'Veelgestelde vragen' },
  contact: { path: '/contact', title: 'Contact' },
  settings: { path: '/settings', title: 'Instellingen' },
  orders: { path: '/orders', title: 'Bestellingen' },
  myRequests: { path: myRequestsPath, title: 'Mijn aanvragen en meldingen' },
  orderAdd: {
    path: '/orders-add',
    title: 'Nieuwe bestelling',
    /** the query parameter naming an earlier order whose products and amounts fill the form */
    reorderParameter: 'opnieuw',
    reorderHref: (orderId: number) => `/orders-add?opnieuw=${encodeURIComponent(String(orderId))}`,
  },
  orderDetail: {
    path: '/orders/:id',
    title: 'Bestelling',
    getHref: (id: number | string) => `/orders/${encodeURIComponent(String(id))}`,
  },
  pharmacists: { path: '/pharmacists', title: 'Medewerkers' },
  pharmacistAdd: { path: '/pharmacists/add', title: 'Medewerker toevoegen' },
  accessLog: { path: '/access-log', title: 'Inzage logboek' },
  forms: {
    requestOfflineAssortment: { path: '/forms/requestOfflineAssortment', title: 'Formulieren aanvragen' },
    requestNewProduct: { path: '/forms/requestNewProduct', title: 'Product aanvragen' },
    requestPhoto: { path: '/forms/requestPhoto', title: 'Foto aanvragen' },
    rollRequest: { path: '/forms/requestImmediateProduct', title: 'Aanvraagformulier rollen' },
  },
  imperfectionReports: {
    Basic: { path: '/forms/reportImperfection', title: 'Melding onvolkomenheden' },
    Oosterwolde: { path: '/forms/reportImperfectionInceptionOosterwolde', title: 'Melding onvolkomenheden' },
    Apeldoorn: { path: '/forms/reportImperfectionInceptionApeldoorn', title: 'Melding onvolkomenheden' },
    Alkmaar: { path: '/forms/reportImperfectionInceptionAlkmaar', title: 'Melding onvolkomenheden' },
  } satisfies Record<ImperfectionVariant, RouteEntry>,
} as const;

/** `/auth/reset-password/update?token=…` and `/auth/activate?token=…`: the links the e-mails carry. */
export const tokenQueryParameter = 'token';
