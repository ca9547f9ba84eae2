import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { staticShellId, useStaticShellRemoved } from './static-shell';

function Route() {
  useStaticShellRemoved();
  return <p>De pagina van de app</p>;
}

afterEach(() => document.getElementById(staticShellId)?.remove());

describe('the page rendered ahead of the app', () => {
  it('is removed when the app shows its first route', () => {
    const shell = document.createElement('div');
    shell.id = staticShellId;
    document.body.append(shell);
    render(<Route />);
    expect(document.getElementById(staticShellId)).toBeNull();
  });

  it('is not needed (every route but /auth, the dev server)', () => {
    expect(() => render(<Route />)).not.toThrow();
  });
});
