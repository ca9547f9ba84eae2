import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { documentTitle, useRouteTitle } from './route-handle';
import { useStaticShellRemoved } from './static-shell';

/** The top of every route: keeps the document title in step with the route's title. */
export function RootRoute() {
  const title = useRouteTitle();
  useStaticShellRemoved();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
