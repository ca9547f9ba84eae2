import { describe, expect, it } from 'vitest';
import { loginShellPage } from '../../vite-login-shell';

// What renderLoginShell gives, in small (the real one is built and checked by the browser tests: e2e/tests/login.spec.ts).
const indexHtml = '<!doctype html><html lang="nl"><head><title>Mijn Spits</title></head><body><div id="root"></div></body></html>';
const shellHtml =
  '<main><h1>Inloggen</h1><form aria-label="Inloggen"><label for="_R_1_">E-mailadres</label><input id="_R_1_" name="emailAddress" value=""/>' +
  '<button type="submit" class="MuiButton-root">Inloggen</button><a class="MuiLink-root" href="/auth/reset-password">Wachtwoord vergeten?</a></form></main>';
const styleTags = '<style data-emotion="css 1abc">.css-1abc{color:red;}</style>';

describe('the page with the login page rendered at build time', () => {
  const page = loginShellPage(indexHtml, { html: shellHtml, styleTags, title: 'Inloggen · Mijn Spits' });
  const shell = page.slice(page.indexOf('<div id="login-shell"'), page.indexOf('<div id="root">'));

  it('carries the rendered page and its styles, before the app’s root', () => {
    expect(shell).toContain('<h1>Inloggen</h1>');
    expect(page).toContain('<head><title>Inloggen · Mijn Spits</title>');
    expect(page.indexOf(styleTags)).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('</main></div><div id="root"></div>');
  });

  it('is a picture until the app starts: nothing in it can be typed in, clicked, reached or named twice', () => {
    expect(shell.startsWith('<div id="login-shell" inert aria-hidden="true">')).toBe(true);
    expect(shell).toContain('<input disabled data-shell-id="_R_1_" name="emailAddress"');
    expect(shell).toContain('<button disabled type="submit"');
    expect(shell).toContain('<label data-shell-for="_R_1_">');
    expect(shell).toContain('<a class="MuiLink-root" data-href="/auth/reset-password">');
    // the app's root stays hidden while the picture stands in for it
    expect(page).toContain('<style>#login-shell~#root{display:none}</style></head>');
  });

  it('refuses a page without an empty root', () => {
    expect(() => loginShellPage('<html><head></head><body><main></main></body></html>', { html: shellHtml, styleTags, title: 'x' })).toThrow(/#root/);
  });
});
