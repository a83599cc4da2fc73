/**
 * A file upload with progress (spec part 1 §2, part 2 §2.7: "Uploads show progress"). fetch cannot
 * report how much of a request body has gone out, XMLHttpRequest can. Everything else is the one
 * client's behaviour (src/lib/http.ts): the bearer token, the error text read from `error.message`
 * then `message`, a 401 that ends the session.
 */
import { errorAnswerMessage } from '../../domain/api';
import { authContracts } from '../../domain/auth/contracts';
import { call } from '../../lib/call';
import { ApiError } from '../../lib/http';
import { session } from '../../lib/session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100; 100 once the file is sent, while the server still checks it. */
  percent: number;
}

/** POSTs `file` as multipart field `field` and answers the JSON body; failures are ApiError (status 0: no network). */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
  opts: { field?: string; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = session.get()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable ? e.total : file.size;
      onProgress({ loaded: e.loaded, total, percent: total ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0 });
    };
    // Small files may go out before any progress event: the whole body is sent once the upload loads.
    xhr.upload.onload = () => onProgress({ loaded: file.size, total: file.size, percent: 100 });
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the text itself
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      // The session check of the one client: its 401 handling logs the user out with the spec's notice.
      if (xhr.status === 401 && token) void call(authContracts.detail).catch(() => undefined);
      reject(new ApiError(xhr.status, errorAnswerMessage(body, xhr.status), body));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload dibatalkan', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(opts.field ?? 'file', file, file.name);
    xhr.send(form);
  });
}
