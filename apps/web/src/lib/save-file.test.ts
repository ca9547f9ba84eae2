import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '@/testing/object-urls';
import { saveFile } from './save-file';

afterEach(() => {
  vi.useRealTimers();
});

describe('saveFile', () => {
  it('downloads through a temporary link named after the file, and frees the object URL afterwards', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const objectUrls = stubObjectUrls();
    const file = new File(['%PDF-'], 'Factuur maart 2026.pdf', { type: 'application/pdf' });

    saveFile(file);

    expect(objectUrls.downloads).toEqual([{ name: 'Factuur maart 2026.pdf', href: objectUrls.urls[0], inDocument: true, file }]);
    expect(document.querySelector('a')).toBeNull();
    expect(objectUrls.revoked).toEqual([]);
    vi.runAllTimers();
    expect(objectUrls.revoked).toEqual(objectUrls.urls);
  });
});
