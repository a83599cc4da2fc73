import { apiFile, type RequestOptions } from './http';

/**
 * Downloads a file answer (exports, templates) and saves it under the server's content-disposition
 * name, or `fallbackName` when the server gives none.
 */
export async function saveApiFile(path: string, fallbackName: string, query?: RequestOptions['query']): Promise<void> {
  const { blob, filename } = await apiFile(path, { query });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
