import { customerKindLabels, customerSiteLabels, customerSites } from '@portal/contract';
import { backofficePaths } from '../../../paths';

/** A customer's page. Here rather than in the list's route, so that Nieuwe klant does not load the list's table. */
export const customerHref = (id: string) => backofficePaths.customerDetail.path.replace(':id', id);

export const kindLabel = (kind: string) => customerKindLabels[kind as keyof typeof customerKindLabels] ?? kind;

/** The site's name, or the deployment's profile that a customer without a site of its own uses. */
export const siteLabel = (site: string | null, defaultSite?: string) =>
  site ? (customerSiteLabels[site] ?? site) : `Standaard${defaultSite ? ` (${customerSiteLabels[defaultSite] ?? 'Oosterwolde'})` : ''}`;

export const kindChoices = Object.entries(customerKindLabels).map(([value, label]) => ({ value, label }));
/** noSite stands for no site of its own (the deployment's profile). */
export const noSite = 'standaard';
export const siteChoices = (defaultSite?: string) => [{ value: noSite, label: siteLabel(null, defaultSite) }, ...customerSites.map((s) => ({ value: s, label: customerSiteLabels[s] ?? s }))];
