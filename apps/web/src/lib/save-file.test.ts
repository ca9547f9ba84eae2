import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('saveFile', () => {
  it('downloads through a temporary link named after the file, and frees the object URL afterwards', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const revoked: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: (url: string) => revoked.push(url) });
    const clicks: { download: string; href: string | null; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.getAttribute('href'), inDocument: document.body.contains(this) });
    });

    saveFile(new File(['%PDF-'], 'Factuur maart 2026.pdf', { type: 'application/pdf' }));

    expect(clicks).toEqual([{ download: 'Factuur maart 2026.pdf', href: 'blob:test/1', inDocument: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:test/1']);
  });
});
