import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { earlyMemosScript, LoginShell, renderLoginShell } from './src/app/login-shell';

/** Hides the app's root while the server-rendered login page stands in for it (static-shell.ts removes it). */
const hideAppWhileShell = '<style>#login-shell~#root{display:none}</style>';

/**
 * The rendered fields' labels sit in the field, as MUI renders an empty one; MUI moves them up by script, which
 * the rendered page lacks: here they move up as MUI's do once the field has the focus or a value (the early
 * script marks a field that was typed in, the browser one it filled). A sent submit dims its button.
 */
const shellLabelsUp =
  '<style>#login-shell .MuiFormControl-root:is(:focus-within,[data-filled],:has(input:autofill)) label' +
  '{transform:translate(14px,-9px) scale(.75);background:#fff;padding:0 4px;margin-left:-4px}' +
  // A submit sent there shows, as the app's button does while it logs in.
  '#login-shell button[aria-busy="true"]{opacity:.7;cursor:progress}</style>';

const shellIdPrefix = 'shell';

/**
 * The rendered login page works before the app starts (decision 0101): its fields take typing at once, its
 * submit button waits for the early script (a plain submit would leave the page), its links are plain links. Its
 * ids get a prefix, so that the app's fields, given the same generated ids, never share one with it; the labels
 * and descriptions follow.
 */
function earlyShell(html: string): string {
  return html
    .replace(/<button\b([^>]*type="submit")/g, '<button disabled$1')
    .replace(/ (id|for|aria-describedby|aria-labelledby)="([^"]*)"/g, (_, name: string, ids: string) =>
      ` ${name}="${ids.split(' ').map((id) => `${shellIdPrefix}${id}`).join(' ')}"`,
    );
}

/** An early script's file: under assets/, named by its content like Vite's own, so that it may be cached for good. */
export function earlyScriptFile(script: string, name = 'early-login'): string {
  return `assets/${name}-${createHash('sha256').update(script).digest('base64url').slice(0, 10)}.js`;
}

/**
 * Every page of the app gets the script that shows the dashboard's memos before the app (early-memos.ts); on any
 * other address it does nothing. First in the head and not async: the browser fetches it first and at a high
 * priority, before the app's modules take the line (async, it came after them and so did the memos). It holds
 * up only the paint of a page that has nothing to paint before the app.
 */
export function withEarlyMemos(indexHtml: string, script: string): string {
  const firstModule = '<script type="module"';
  if (!indexHtml.includes(firstModule)) throw new Error('index.html has no module script');
  return indexHtml.replace(firstModule, `<script src="/${earlyScriptFile(script, 'early-memos')}"></script>${firstModule}`);
}

export function loginShellPage(indexHtml: string, { html: shellHtml, styleTags, title, script }: LoginShell): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) throw new Error('index.html has no empty #root or no </head>');
  // A classic script right after the form: it runs before the app's deferred modules, as soon as it has arrived.
  // Announced first in the head, so that it is fetched before the app's modules take the line, not after them.
  const file = earlyScriptFile(script);
  const preload = `<link rel="preload" as="script" href="/${file}">`;
  const firstModule = '<script type="module"';
  return (indexHtml.includes(firstModule) ? indexHtml.replace(firstModule, `${preload}${firstModule}`) : indexHtml.replace('</head>', `${preload}</head>`))
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${styleTags}${hideAppWhileShell}${shellLabelsUp}</head>`)
    .replace(root, `<div id="login-shell">${earlyShell(shellHtml)}</div><script src="/${file}"></script>${root}`);
}

/**
 * Writes `auth.html` beside `index.html` at build time: the app's page with the login page already rendered in
 * it (src/app/login-shell.tsx, built for Node and run once), and the script that makes its form work. The server sends it for `/auth` (decision 0027). It
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
          const shell = (await import(pathToFileURL(path.join(ssrDir, 'login-shell.mjs')).href)) as {
            renderLoginShell: typeof renderLoginShell;
            earlyMemosScript: typeof earlyMemosScript;
          };
          const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
          const rendered = shell.renderLoginShell();
          await writeFile(path.join(outDir, earlyScriptFile(rendered.script)), rendered.script);
          await writeFile(path.join(outDir, 'auth.html'), loginShellPage(indexHtml, rendered));
          // The login page has no memos to show: only the other pages get that script.
          await writeFile(path.join(outDir, earlyScriptFile(shell.earlyMemosScript, 'early-memos')), shell.earlyMemosScript);
          await writeFile(path.join(outDir, 'index.html'), withEarlyMemos(indexHtml, shell.earlyMemosScript));
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
