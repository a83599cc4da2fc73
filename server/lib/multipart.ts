/**
 * multipart/form-data (RFC 7578) read from the whole body in one buffer: the text fields as strings and
 * each file as an `UploadedFile` whose bytes are a view into that buffer, never copied.
 *
 * Why not the platform's `Request.formData()` (what Hono's parseBody calls): a check-in's 300 KB photo went
 * through web streams, a Blob and an async arrayBuffer() read, four copies and their garbage for every
 * check-in of the morning rush (issue 31 item 6). One body, one pass of `indexOf`, no copy.
 *
 * Strict where it matters and lenient where browsers differ: the delimiter must be found, every part must
 * have a `Content-Disposition: form-data` with a name, and the closing delimiter must come; anything else
 * throws `MultipartError` (the caller answers 400). A preamble, an epilogue, header names in any case and
 * quoted or bare parameter values are accepted. A name seen twice keeps its last value, as parseBody did.
 */

export class MultipartError extends Error {}

/** A file part: the name the client gave, its declared type (never trusted: content is sniffed), its bytes. */
export class UploadedFile {
  constructor(
    readonly name: string,
    readonly type: string,
    readonly bytes: Uint8Array,
  ) {}

  get size(): number {
    return this.bytes.byteLength;
  }
}

export type MultipartForm = Record<string, string | UploadedFile>;

/** More parts than any form of Hadir sends by far: a body of thousands of tiny parts is refused. */
const MAX_PARTS = 200;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const utf8 = new TextDecoder('utf-8');

/** The boundary parameter of a multipart/form-data content type (quoted or bare, 1–70 characters). */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** A header's parameters: `form-data; name="a"; filename="b.jpg"` → { name: 'a', filename: 'b.jpg' }. */
function parametersOf(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([A-Za-z0-9!#$&+.^_`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!);
  }
  return params;
}

export function parseMultipart(body: Uint8Array, boundary: string): MultipartForm {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const dash = Buffer.from(`--${boundary}`);
  // Every delimiter after the first starts on a new line: CRLF belongs to the delimiter, not the content.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let pos = buf.subarray(0, dash.length).equals(dash) ? 0 : buf.indexOf(delimiter);
  if (pos < 0) throw new MultipartError('no delimiter');
  pos += pos === 0 ? dash.length : delimiter.length;
  const form: MultipartForm = {};
  for (let parts = 0; ; parts++) {
    // After a delimiter: `--` closes the body; otherwise optional padding, then CRLF and the part's headers.
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) return form;
    if (parts === MAX_PARTS) throw new MultipartError('too many parts');
    const lineEnd = buf.indexOf(CRLF, pos);
    if (lineEnd < 0 || buf.toString('latin1', pos, lineEnd).trim() !== '') throw new MultipartError('bad delimiter');
    const headersStart = lineEnd + 2;
    const headersEnd = buf.indexOf(HEADER_END, headersStart - 2);
    if (headersEnd < 0) throw new MultipartError('unterminated headers');
    const contentStart = headersEnd + 4;
    const contentEnd = buf.indexOf(delimiter, contentStart);
    if (contentEnd < 0) throw new MultipartError('unterminated part');

    let disposition: string | undefined;
    let type = '';
    // Header values are bytes; UTF-8 names and file names (what browsers send) are decoded as such.
    for (const line of utf8.decode(buf.subarray(headersStart, headersEnd)).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-disposition') disposition = value;
      else if (name === 'content-type') type = value;
    }
    if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError('not form-data');
    const params = parametersOf(disposition);
    const name = params.get('name');
    if (name === undefined) throw new MultipartError('part without a name');
    const content = buf.subarray(contentStart, contentEnd);
    const filename = params.get('filename');
    form[name] =
      filename !== undefined
        ? new UploadedFile(filename, type || 'application/octet-stream', content)
        : utf8.decode(content);
    pos = contentEnd + delimiter.length;
  }
}
