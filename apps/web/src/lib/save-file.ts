/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands `content` to the browser as a download named `name` (an API answer a plain link could not fetch). */
export function saveFile(content: string, name: string, type: string): void {
  saveBlob(new Blob([content], { type }), name);
}
