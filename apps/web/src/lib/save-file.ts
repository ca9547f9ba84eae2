/** Some browsers cancel a download whose object URL is revoked before it started; a minute is ample. */
const revokeAfterMs = 60_000;

/** Hands a downloaded file to the browser's own download, under the file's own name. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
  }
}
