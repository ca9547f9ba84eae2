import { describe, expect, it } from 'vitest';
import { earlyScriptFile, loginShellPage, withEarlyMemos } from '../../vite-login-shell';

// What renderLoginShell gives, in small (the real one is built and checked by the browser tests: e2e/tests/login.spec.ts).
const indexHtml = '<!doctype html><html lang="nl"><head><title>Mijn Spits</title></head><body><div id="root"></div></body></html>';
const shellHtml =
  '<main><h1>Inloggen</h1><form aria-label="Inloggen"><label for="_R_1_">E-mailadres</label><input id="_R_1_" name="emailAddress" value=""/>' +
  '<button type="submit" class="MuiButton-root">Inloggen</button><a class="MuiLink-root" href="/auth/reset-password">Wachtwoord vergeten?</a></form></main>';
const styleTags = '<style data-emotion="css 1abc">.css-1abc{color:red;}</style>';
const script = '(function(){})();';

describe('the page with the login page rendered at build time', () => {
  const page = loginShellPage(indexHtml, { html: shellHtml, styleTags, title: 'Inloggen · Mijn Spits', script });
  const shell = page.slice(page.indexOf('<div id="login-shell"'), page.indexOf('<div id="root">'));

  it('carries the rendered page and its styles, before the app’s root', () => {
    expect(shell).toContain('<h1>Inloggen</h1>');
    expect(page).toContain('<head><title>Inloggen · Mijn Spits</title>');
    expect(page.indexOf(styleTags)).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain(`</main></div><script src="/${earlyScriptFile(script)}"></script><div id="root"></div>`);
  });

  it('works before the app starts (decision 0101): its fields take typing, its submit waits for the early script', () => {
    expect(shell.startsWith('<div id="login-shell">')).toBe(true);
    expect(shell).toContain('<input id="shell_R_1_" name="emailAddress"');
    expect(shell).toContain('<label for="shell_R_1_">');
    expect(shell).toContain('<button disabled type="submit"');
    expect(shell).toContain('<a class="MuiLink-root" href="/auth/reset-password">');
    // the app's root stays hidden while the rendered page stands in for it
    expect(page).toContain('<style>#login-shell~#root{display:none}</style>');
  });

  it('names the early script by its content, under assets/', () => {
    expect(earlyScriptFile(script)).toMatch(/^assets\/early-login-[\w-]{10}\.js$/);
    expect(earlyScriptFile(`${script} `)).not.toBe(earlyScriptFile(script));
  });

  it('announces its early script first among the scripts of the head, so that the app’s modules do not take the line before it (issue 32.1)', () => {
    const built = '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-x.js"></script><link rel="modulepreload" href="/assets/a.js"></head><body><div id="root"></div></body></html>';
    const withModules = loginShellPage(built, { html: shellHtml, styleTags, title: 'x', script });
    expect(withModules).toContain(`<link rel="preload" as="script" href="/${earlyScriptFile(script)}"><script type="module" crossorigin src="/assets/index-x.js">`);
    expect(page.indexOf(`<link rel="preload" as="script" href="/${earlyScriptFile(script)}">`)).toBeLessThan(page.indexOf('</head>'));
  });

  it('refuses a page without an empty root', () => {
    expect(() => loginShellPage('<html><head></head><body><main></main></body></html>', { html: shellHtml, styleTags, title: 'x', script })).toThrow(/#root/);
  });

  it('gives the other pages the early memos script first in the head, before the app’s modules (decision 0101)', () => {
    const built = '<html><head><script type="module" crossorigin src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';
    expect(withEarlyMemos(built, script)).toContain(
      `<head><script src="/${earlyScriptFile(script, 'early-memos')}"></script><script type="module" crossorigin src="/assets/index-x.js">`,
    );
    expect(() => withEarlyMemos(indexHtml, script)).toThrow(/module script/);
  });
});
