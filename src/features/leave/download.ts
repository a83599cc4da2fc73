/**
 * File downloads that need the session (the leave attachment, the report .xlsx): fetched with the
 * bearer token and handed to the browser under the server's content-disposition name.
 */
import { errorAnswerMessage } from '../../domain/api';
import { ApiError, withQuery } from '../../lib/http';
import { session } from '../../lib/session';

function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: Record<string, string | number | undefined>,
): Promise<void> {
  const token = session.get()?.token;
  const res = await fetch(withQuery(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, errorAnswerMessage(body, res.status), body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
