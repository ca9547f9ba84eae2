import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { repoRoot } from './env.js';

/**
 * A stand-in for another server of the spec's API (the provider's own, say): only the product's calls,
 * with the spec's field names and JSON types as such a server sends them (codes as numbers, FAQ items with a
 * title and content only, the contact details as text), in memory, and the built web app beside them. It has
 * none of our extras: no /api/deployment-profile, no catalogue call, no ?purpose= on uploads. Against it the
 * web app must work as it does against ours.
 */
export interface StandIn {
  url: string;
  /** what the web app sent, per "Controller/Action", newest last */
  received: Map<string, unknown[]>;
  stop(): Promise<void>;
}

const PASSWORD = 'Spec#Server2026';
export const standInAccounts = {
  plain: { emailAddress: 'apotheker@spec.example', password: PASSWORD, firstName: 'Marloes' },
  twoFactor: { emailAddress: 'beheer@spec.example', password: PASSWORD, firstName: 'Joost', pin: '246810' },
};

const webDist = path.join(repoRoot, 'apps/web/dist');
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

function page<T>(rows: T[], request: { page?: number; rowsPerPage?: number; search?: string }, text: (row: T) => string) {
  const search = (request.search ?? '').toLowerCase();
  const found = search ? rows.filter((row) => text(row).toLowerCase().includes(search)) : rows;
  const size = request.rowsPerPage ?? 20;
  const start = ((request.page ?? 1) - 1) * size;
  return { total: found.length, items: found.slice(start, start + size) };
}

const products = Array.from({ length: 3 }, (_, i) => ({
  longName: ['Metoprolol 50 mg tablet', 'Omeprazol 20 mg capsule', 'Paracetamol 500 mg tablet'][i],
  ziNumber: 14231011 + i,
  gpk: 12345 + i,
  hpk: 67890 + i,
  dtaDescription: 'wit, rond',
  splitDescription: i === 1 ? 'ERROR: capsule' : 'Deelbaar',
  packaging: 'Doordrukstrip',
}));
const packingOrders = [
  { facility: 'Afdeling Duinzicht', patientCount: 12, bagCount: 340, reelStatusText: 'In productie', orderDate: '2026-11-20' },
  { facility: 'Afdeling Heide', patientCount: 8, bagCount: 196, reelStatusText: 'Verzonden', orderDate: '2026-11-18' },
];
const schedules = [{ facility: 'Afdeling Duinzicht', arrivalDay: 'Dinsdag', arrivalTime: '09:00', shipmentDay: 'Maandag', shipmentTime: '16:00' }];
const invoices = [{ processedMonth: '2026-10-01', clientCode: 'SPEC-01', invoiceAmount: 1234.56 }];
const pharmacists = [
  { accountId: 7, emailAddress: 'apotheker@spec.example', firstName: 'Marloes', middleName: null, lastName: 'Bakker', pharmacistType: 'Administrator', isActive: true },
];
const serviceProducts = [{ serviceProductId: 1, articleCode: 'SP-1', name: 'Printerrol', description: '80 mm', imageUri: null, price: 2.5 }];
const orders: { serviceProductOrderId: number; requesterName: string; status: string; createDate: string }[] = [
  { serviceProductOrderId: 41, requesterName: 'Marloes Bakker', status: 'Nieuw', createDate: '2026-11-01T10:00:00Z' },
];
const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function serveWeb(req: IncomingMessage, res: ServerResponse) {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file = path.join(webDist, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(webDist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(webDist, 'index.html');
  res.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

/** Starts the stand-in on `port` (127.0.0.1). */
export async function startSpecStandIn(port: number): Promise<StandIn> {
  const received = new Map<string, unknown[]>();
  let totpEnabled = false;
  const sessions = new Set<string>();
  let counter = 0;
  const issue = (firstName: string) => {
    counter += 1;
    const accessToken = `spec-access-${counter}`;
    sessions.add(accessToken);
    return { accessToken, refreshToken: `spec-refresh-${counter}`, userInfo: { firstName, isAdministrator: true } };
  };

  async function api(action: string, req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const contentType = req.headers['content-type'] ?? '';
    const body: Record<string, unknown> = contentType.includes('application/json') && raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    received.set(action, [...(received.get(action) ?? []), contentType.includes('multipart') ? { multipart: raw.length } : body]);
    const query = new URL(req.url ?? '/', 'http://x').searchParams;

    const open = ['Authentication/LoginWithCredentials', 'Authentication/LoginWithTotp', 'Authentication/RefreshAccessToken', 'Authentication/RequestPasswordResetToken'];
    if (!open.includes(action)) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !sessions.has(token)) return json(res, 401, { title: 'Unauthorized', status: 401 });
    }
    const account = Object.values(standInAccounts).find((a) => a.emailAddress === body.emailAddress && a.password === body.password);
    switch (action) {
      case 'Authentication/LoginWithCredentials':
        if (!account) return json(res, 400, { title: 'Bad Request', status: 400, errors: {} });
        if ('pin' in account) return json(res, 409, { title: 'Conflict', status: 409 });
        return json(res, 200, issue(account.firstName));
      case 'Authentication/LoginWithTotp':
        if (!account || !('pin' in account) || body.pin !== account.pin) return json(res, 400, { title: 'Bad Request', status: 400, errors: {} });
        return json(res, 200, issue(account.firstName));
      case 'Authentication/RefreshAccessToken':
        return json(res, 200, issue(standInAccounts.plain.firstName));
      case 'Authentication/Logout':
        return json(res, 200, undefined);
      case 'Account/IsTotpEnabled':
        return json(res, 200, totpEnabled);
      case 'Account/GetTotpSetupCode':
        return json(res, 200, { qrSetupCodeImage: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', enabled: false });
      case 'Account/EnableTotp':
        totpEnabled = body.verificationPin === '135791' && body.currentPassword === PASSWORD;
        return totpEnabled ? json(res, 200, undefined) : json(res, 400, { title: 'Bad Request', status: 400, errors: {} });
      case 'Account/UpdatePassword':
        return body.currentPassword === PASSWORD ? json(res, 200, undefined) : json(res, 400, { title: 'Bad Request', status: 400, errors: {} });
      case 'Memo/GetActiveMemos':
        return json(res, 200, [{ memoId: 1, title: 'Feestdagen', text: 'Rond kerst wijken de leverdagen af.' }]);
      case 'Faq/GetFaqItems':
        return json(res, 200, [
          { title: 'Wanneer wordt er geleverd?', content: '<p>Volgens uw <strong>leveringsafspraken</strong>.</p>' },
          { title: 'Hoe vraag ik een foto aan?', content: '<p>Via Foto aanvragen.</p>' },
        ]);
      case 'ContactDetails/Get':
        return json(res, 200, 'Klantenservice: 0512-123456\nservice@spec.example');
      case 'Drug/GetDrugTable':
        return json(res, 200, page(products, body, (p) => `${p.longName} ${p.ziNumber} ${p.gpk} ${p.hpk}`));
      case 'Order/GetOrderFulfillmentsTable':
        return json(res, 200, page(packingOrders, body, (p) => `${p.facility} ${p.reelStatusText}`));
      case 'Order/GetOrderFulfillmentSchedulesTable':
        return json(res, 200, page(schedules, body, (s) => s.facility));
      case 'Invoice/GetInvoiceTable':
        return json(res, 200, page(invoices, body, (i) => i.processedMonth));
      case 'Invoice/DownloadInvoiceFile':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="Factuur ${query.get('ProcessedMonth')}.pdf"` });
        return res.end(tinyPdf);
      case 'Pharmacist/GetPharmacistTable':
        return json(res, 200, page(pharmacists, body, (p) => p.emailAddress));
      case 'ServiceProduct/GetServiceProducts':
        return json(res, 200, serviceProducts);
      case 'ServiceProductOrder/GetServiceProductOrderTable':
        return json(res, 200, page([...orders].reverse(), body, (o) => o.requesterName));
      case 'ServiceProductOrder/AddServiceProductOrder': {
        const order = { serviceProductOrderId: 41 + orders.length, requesterName: 'Marloes Bakker', status: 'Nieuw', createDate: new Date().toISOString() };
        orders.push(order);
        return json(res, 200, { serviceProductOrderId: order.serviceProductOrderId });
      }
      case 'Patient/SearchPatients':
        return json(res, 200, [{ patientId: 501, patientName: 'Jansen, Willem', birthDate: '1941-03-02', facility: 'Afdeling Duinzicht' }]);
      case 'File/UploadFile':
        return json(res, 200, { fileGuid: '5f0c8a7e-1b2c-4d3e-8f9a-0b1c2d3e4f50', fileExtension: '.png', fileType: 'image/png' });
      case 'Forms/GetFormPostUserDetails':
        return json(res, 200, { firstName: 'Marloes', middleName: null, lastName: 'Bakker', emailAddress: standInAccounts.plain.emailAddress, clientCode: 'SPEC-01', clientName: 'Apotheek Spec' });
      case 'Forms/AskNonFaqQuestion':
      case 'Forms/ReportImperfectionInceptionOosterwolde':
        return json(res, 200, undefined);
      default:
        return json(res, 404, { title: 'Not Found', status: 404 });
    }
  }

  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const match = /^\/api\/portal\/([^/]+\/[^/]+)$/.exec(pathname);
    if (match) {
      api(match[1]!, req, res).catch(() => json(res, 500, { title: 'Error', status: 500 }));
      return;
    }
    if (pathname.startsWith('/api/')) return json(res, 404, { title: 'Not Found', status: 404 });
    serveWeb(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
