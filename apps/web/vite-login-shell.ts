import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { LoginShell, renderLoginShell } from './src/app/login-shell';

/** Hides the app's root while the server-rendered login page stands in for it (static-shell.ts removes it). */
const hideAppWhileShell = '<style>#login-shell~#root{display:none}</style>';

/**
 * The rendered login page made a picture until the app starts: nothing in it can be used or reached (inert,
 * hidden from assistive technology, controls disabled, links without a target), so that nothing typed or
 * clicked before the app runs is lost. The app's own page replaces it in the same frame.
 */
function inertShell(html: string): string {
  return (
    html
      .replace(/<(input|button|textarea|select)\b/g, '<$1 disabled')
      .replace(/ href="/g, ' data-href="')
      // The app's own fields get the same generated ids: the picture keeps none of its own.
      .replace(/ (id|for)="/g, ' data-shell-$1="')
  );
}

export function loginShellPage(indexHtml: string, { html: shellHtml, styleTags, title }: LoginShell): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) throw new Error('index.html has no empty #root or no </head>');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${styleTags}${hideAppWhileShell}</head>`)
    .replace(root, `<div id="login-shell" inert aria-hidden="true">${inertShell(shellHtml)}</div>${root}`);
}

/**
 * Writes `auth.html` beside `index.html` at build time: the app's page with the login page already rendered in
 * it (src/app/login-shell.tsx, built for Node and run once). The server sends it for `/auth` (decision 0027). It
 * runs before the other plugins' closeBundle, so the precompressed copies include it.
 */
export function loginShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-login-shell',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside the project, so that Node finds the packages the server build leaves as imports.
        const ssrDir = path.join(config.root, 'node_modules', '.cache', 'login-shell');
        await rm(ssrDir, { recursive: true, force: true });
        await mkdir(ssrDir, { recursive: true });
        try {
          await build({
            configFile: false,
            root: config.root,
            mode: config.mode,
            logLevel: 'warn',
            plugins: [react()],
            resolve: { alias: config.resolve.alias },
            build: {
              ssr: 'src/app/login-shell.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              rollupOptions: { output: { entryFileNames: 'login-shell.mjs' } },
            },
          });
          const shell = (await import(pathToFileURL(path.join(ssrDir, 'login-shell.mjs')).href)) as { renderLoginShell: typeof renderLoginShell };
          const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
          await writeFile(path.join(outDir, 'auth.html'), loginShellPage(indexHtml, shell.renderLoginShell()));
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
