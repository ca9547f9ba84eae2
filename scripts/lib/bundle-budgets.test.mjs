import { describe, expect, it } from 'vitest';
import { dashboardRoute, loginRoute, routeBudgets, staticFiles, targets } from './bundle-budgets.mjs';

const layout = 'src/app/layout/dashboard-layout.tsx';
const backofficeLayout = 'src/backoffice/layout/backoffice-layout.tsx';
const invoices = 'src/features/invoices/routes/invoices.tsx';

/** A small build: the entry, two frames, the login page, the dashboard and one other route. */
function manifest(extraRoute) {
  const routes = [loginRoute, dashboardRoute, invoices, ...(extraRoute ? [extraRoute] : [])];
  return {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: [layout, backofficeLayout, ...routes], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
    '_menu.js': { file: 'assets/menu.js' },
    '_pickers.js': { file: 'assets/pickers.js', imports: ['_form.js'] },
    [layout]: { file: 'assets/dashboard-layout.js', isDynamicEntry: true, imports: ['index.html', '_menu.js'] },
    [backofficeLayout]: { file: 'assets/backoffice-layout.js', isDynamicEntry: true, imports: ['index.html'] },
    [loginRoute]: { file: 'assets/login.js', isDynamicEntry: true, imports: ['index.html', '_form.js'] },
    [dashboardRoute]: { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['index.html', '_menu.js'], dynamicImports: [invoices] },
    [invoices]: { file: 'assets/invoices.js', isDynamicEntry: true, imports: ['index.html', '_menu.js', '_pickers.js'] },
    ...(extraRoute ? { [extraRoute]: { file: 'assets/extra.js', isDynamicEntry: true, imports: ['index.html'] } } : {}),
  };
}

const size = { 'assets/index.js': 50, 'assets/react.js': 40, 'assets/form.js': 15, 'assets/menu.js': 7, 'assets/pickers.js': 30, 'assets/dashboard-layout.js': 3, 'assets/login.js': 2, 'assets/dashboard.js': 4, 'assets/invoices.js': 5, 'assets/extra.js': 1 };
const gzippedSize = (file) => size[file];

describe('routeBudgets', () => {
  it('counts the whole login page and dashboard, and only what another route adds to the entry and its frame', () => {
    const rows = routeBudgets(manifest(), gzippedSize, {});
    expect(rows.map((r) => [r.route, r.bytes, r.budget])).toEqual([
      [loginRoute, 50 + 40 + 15 + 2, targets.login],
      [dashboardRoute, 50 + 40 + 3 + 7 + 4, targets.dashboard],
      // The menu came with the frame; the form and the pickers are the route's own.
      [invoices, 5 + 30 + 15, targets.otherRoute],
    ]);
    expect(rows[2].files).toEqual(['assets/form.js', 'assets/invoices.js', 'assets/pickers.js']);
  });

  it('holds a route with a ceiling to the ceiling and still reports its target', () => {
    const row = routeBudgets(manifest(), gzippedSize, { [invoices]: 70_000 }).find((r) => r.route === invoices);
    expect([row.budget, row.target]).toEqual([70_000, targets.otherRoute]);
    expect(() => routeBudgets(manifest(), gzippedSize, { 'src/features/gone/routes/gone.tsx': 1 })).toThrow('a ceiling names src/features/gone/routes/gone.tsx');
  });

  it('follows static imports transitively, each file once, and leaves out CSS and dynamic imports', () => {
    expect([...staticFiles(manifest(), dashboardRoute)].sort()).toEqual(['assets/dashboard.js', 'assets/index.js', 'assets/menu.js', 'assets/react.js']);
  });

  it('fails when the login page, the dashboard or a frame is missing from the build', () => {
    const withoutLogin = manifest();
    withoutLogin['index.html'].dynamicImports = withoutLogin['index.html'].dynamicImports.filter((k) => k !== loginRoute);
    expect(() => routeBudgets(withoutLogin, gzippedSize, {})).toThrow(`no lazy route ${loginRoute}`);
    const withoutFrame = manifest();
    delete withoutFrame[layout];
    expect(() => routeBudgets(withoutFrame, gzippedSize, {})).toThrow(`no frame ${layout}`);
    const dangling = manifest();
    dangling[invoices].imports.push('_gone.js');
    expect(() => routeBudgets(dangling, gzippedSize, {})).toThrow('no chunk "_gone.js"');
  });

  it('fails on a lazy route that belongs to no frame, rather than leaving it unchecked', () => {
    expect(() => routeBudgets(manifest('src/elsewhere/page.tsx'), gzippedSize, {})).toThrow('src/elsewhere/page.tsx is in none of the frames');
  });
});
