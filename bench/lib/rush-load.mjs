// The morning rush's load (bench/morning-rush.ts): autocannon against one copy of the server, every request
// another SPG's first check-in of her day (multipart with the photo, a fresh Idempotency-Key each).
//
// It runs in a worker thread of its own (runLoad). autocannon builds each request as one new 300 KB buffer,
// and V8 answers that much outside memory with a full garbage collection two or three times a second.
// In the bench's own thread each of those marked the bench's 157 MB heap: its modules, the 19,000 SPGs and
// their tokens. perf counted the marking threads at a seventh of the machine, CPU taken from the server it
// measures. A worker's heap holds only this module, autocannon and the SPGs' requests.
import { randomUUID } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export const CHECK_IN_PATH = '/api/absensi/new/spg';

/** The multipart body of a check-in: the text fields, then the photo. */
export function checkInBody(boundary, fields, photo) {
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/**
 * Her check-in request. `fields` without captured_at get one 20 s before now, as a phone that took the photo
 * a moment ago; a signed check-in brings its own (the assertion signed it).
 */
export function checkInRequest(boundary, photo, spg) {
  const fields = { ...spg.fields };
  fields.captured_at ??= new Date(Date.now() - 20_000).toISOString();
  return {
    method: 'POST',
    path: CHECK_IN_PATH,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${spg.token}`,
      'idempotency-key': randomUUID(),
    },
    body: checkInBody(boundary, fields, photo),
  };
}

/** Runs the load in a worker thread and answers what it measured. */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the load's worker exited with ${code}`)));
  });
}

function load({ url, connections, duration, timeout, boundary, photo, spgs }) {
  const statuses = new Map();
  const latencies = [];
  const body = Buffer.from(photo);
  let next = 0;
  let used = 0;
  const instance = autocannon(
    {
      url,
      connections,
      duration,
      timeout,
      requests: [
        {
          method: 'POST',
          // The request autocannon made carries host and port: keep them. One request per SPG: when they are
          // all used the run stops early (reported).
          setupRequest: (req) => {
            used++;
            if (next === spgs.length) instance.stop();
            return { ...req, ...checkInRequest(boundary, body, spgs[next++ % spgs.length]) };
          },
        },
      ],
    },
    (err, result) => {
      if (err) throw err;
      parentPort.postMessage({ result, statuses: [...statuses], latencies, used, ranOut: used > spgs.length });
    },
  );
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    latencies.push(ms);
  });
}

if (!isMainThread && workerData?.spgs) load(workerData);
