/**
 * Saves a file the way a browser saves a link's download: an object URL on a link clicked once,
 * let go a while later (the browser has taken the URL once the click is handled, but some need a
 * moment to start reading it).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
