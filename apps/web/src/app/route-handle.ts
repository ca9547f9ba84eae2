import { useMatches } from 'react-router';
import { productName, type RouteEntry } from '@/lib/paths';

/** What a route carries for the layout: its Dutch title. */
export interface RouteHandle {
  title: string;
}

export const handleOf = (entry: Pick<RouteEntry, 'title'>): RouteHandle => ({ title: entry.title });

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** `Instellingen · Mijn Spits`; the product name alone where a route has no title. */
export function documentTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} · ${productName}` : productName;
}
