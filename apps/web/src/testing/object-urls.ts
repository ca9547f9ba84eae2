import { vi } from 'vitest';

/** A download the page started: the link's file name, its object URL, and the file behind that URL. */
export interface Download {
  name: string;
  href: string;
  /** The link was in the document when clicked (some browsers ignore a detached one). */
  inDocument: boolean;
  file: File | undefined;
}

/** What a test saw of object URLs and downloads since `stubObjectUrls()`. */
export interface ObjectUrls {
  /** The files an object URL was made of, in order. */
  files: File[];
  urls: string[];
  /** This test's URLs revoked so far; a revocation an earlier test left on a timer is not counted. */
  revoked: string[];
  downloads: Download[];
}

let round = 0;

/**
 * Object URLs a test can name and count, and downloads it can read, in place of jsdom's missing ones.
 *
 * Each call makes URLs of its own (`blob:test/<round>/<n>`): the files of a worker share one environment, and a
 * download's delayed revocation from an earlier test must not count as one of this test's. The functions are put
 * back after each test by the set-up, and the link's click by `restoreMocks`.
 */
export function stubObjectUrls(): ObjectUrls {
  const prefix = `blob:test/${++round}/`;
  const seen: ObjectUrls = { files: [], urls: [], revoked: [], downloads: [] };
  const fileOf = new Map<string, File>();
  Object.assign(URL, {
    createObjectURL: (file: File) => {
      const url = `${prefix}${seen.urls.length + 1}`;
      seen.files.push(file);
      seen.urls.push(url);
      fileOf.set(url, file);
      return url;
    },
    revokeObjectURL: (url: string) => {
      if (fileOf.has(url)) seen.revoked.push(url);
    },
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const href = this.getAttribute('href') ?? '';
    seen.downloads.push({ name: this.download, href, inDocument: this.isConnected, file: fileOf.get(href) });
  });
  return seen;
}
