// What each route of the web app loads, from the chunk graph of its build (Vite's dist/.vite/manifest.json), and
// its budget (issue 15, decision 0033). Pure: the caller reads the files and gzips them.

export const loginRoute = 'src/features/auth/routes/login.tsx';
export const dashboardRoute = 'src/app/pages/dashboard.tsx';

/**
 * Issue 15's targets in gzipped JavaScript (bytes; 1 kB = 1000 bytes, as Vite reports): the whole login page, the
 * whole dashboard, and what any other route loads of its own.
 */
export const targets = { login: 120_000, dashboard: 200_000, otherRoute: 60_000 };

/**
 * What the check holds each route to: its target, or where the build does not reach it yet, the size measured
 * when decision 0033 was taken plus about 2 %. Lower a ceiling when a change makes its route lighter, and remove it
 * once the route is within its target; never raise one without a decision saying why.
 */
export const ceilings = {
  // Raised by 1 kB (decision 0073); lowered with the portal's own fields (decision 0105): login 266.2 -> 254.0 kB,
  // the dashboard 275.7 -> 278.9 (MUI's small helpers now come in one chunk with the styling core the entry loads:
  // 6 fewer files on the dashboard's first load, a few hundred bytes more on each).
  [loginRoute]: 256_000,
  [dashboardRoute]: 285_000,
};

const targetOf = (route) => (route === loginRoute ? targets.login : route === dashboardRoute ? targets.dashboard : targets.otherRoute);

/**
 * The frames that lazy routes render in, and which routes do: first matching prefix wins. A route outside all of
 * them is an error, so that a new folder of routes cannot slip past the budgets.
 */
export const frames = [
  { layout: null, routes: ['src/features/auth/routes/', 'src/backoffice/features/auth/routes/'] },
  { layout: 'src/backoffice/layout/backoffice-layout.tsx', routes: ['src/backoffice/features/'] },
  { layout: 'src/app/layout/dashboard-layout.tsx', routes: ['src/features/', 'src/app/pages/'] },
];

/** The JavaScript files `key` loads before it runs: itself and its static imports, transitively. */
export function staticFiles(manifest, key) {
  const files = new Set();
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`the manifest has no chunk "${k}"`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}: ${entries.join(', ') || 'none'}`);
  return entries[0];
}

const rank = (route) => (route === loginRoute ? 0 : route === dashboardRoute ? 1 : 2);

function frameOf(route) {
  const frame = frames.find((f) => f.routes.some((prefix) => route.startsWith(prefix)));
  if (!frame) throw new Error(`route ${route} is in none of the frames of scripts/lib/bundle-budgets.mjs: add it there`);
  return frame;
}

/**
 * One row per route (the login page, the dashboard, then the rest by size): `files` are the JavaScript files
 * counted for it, `bytes` their gzipped size (`gzippedSize(file)`), `target` issue 15's and `budget` what the check
 * holds it to (its ceiling, else its target). The login page and the dashboard count everything the page loads
 * (entry, frame, route); every other route only what it loads beyond the entry and its frame. Throws when the
 * manifest lacks the entry, a frame, the login page or the dashboard, or a ceiling names a route it lacks.
 */
export function routeBudgets(manifest, gzippedSize, ceilingsOf = ceilings) {
  const entry = entryKey(manifest);
  const entryFiles = staticFiles(manifest, entry);
  const layouts = new Set(frames.map((f) => f.layout).filter(Boolean));
  for (const layout of layouts) {
    if (!manifest[layout]) throw new Error(`the manifest has no frame ${layout}`);
  }
  const routes = (manifest[entry].dynamicImports ?? []).filter((k) => !layouts.has(k));
  for (const required of [loginRoute, dashboardRoute]) {
    if (!routes.includes(required)) throw new Error(`the manifest has no lazy route ${required}`);
  }
  for (const route of Object.keys(ceilingsOf)) {
    // A ceiling for a route that is gone would hide nothing, but it would mislead whoever reads the table.
    if (!routes.includes(route)) throw new Error(`a ceiling names ${route}, which the build has no lazy route for`);
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzippedSize(file), 0);
  return routes
    .map((route) => {
      const { layout } = frameOf(route);
      const before = new Set([...entryFiles, ...(layout ? staticFiles(manifest, layout) : [])]);
      const routeFiles = staticFiles(manifest, route);
      const whole = route === loginRoute || route === dashboardRoute;
      const files = whole ? new Set([...before, ...routeFiles]) : new Set([...routeFiles].filter((f) => !before.has(f)));
      const name = route === loginRoute ? 'login page (whole)' : route === dashboardRoute ? 'dashboard (whole)' : route;
      const target = targetOf(route);
      return { name, route, files: [...files].sort(), bytes: sum(files), target, budget: ceilingsOf[route] ?? target };
    })
    .sort((a, b) => rank(a.route) - rank(b.route) || b.bytes - a.bytes);
}
