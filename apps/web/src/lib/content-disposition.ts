/** The file name of a download: RFC 6266, `filename*` (UTF-8, percent-encoded) before `filename`. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return safeFileName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? safeFileName(name) : null;
}

function safeFileName(name: string): string | null {
  const cleaned = name.replace(/[/\\]/g, '_').trim();
  return cleaned || null;
}
