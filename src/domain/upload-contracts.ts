/**
 * The upload history every Excel upload shares (employees, stores, route lists, attendance), as endpoint
 * contracts (src/domain/contract.ts): each area's contracts module makes its own pair with
 * `uploadHistoryContracts({ prefix, tag, what, access })`, server/lib/upload-routes.ts serves them for
 * the area's `jenis` and the client calls them with `call()`.
 *
 *   GET {prefix}/upload/log?page=   the history, newest first (`list`)
 *   GET {prefix}/upload/log/{id}    one upload with every refused row (`detail`)
 *
 * The third route of the history, `{prefix}/upload/log/{id}/download`, answers the refused rows as an
 * .xlsx: a file, so not a contract. `download` holds what its `route()` documents (saved by the screens
 * with `saveApiFile`).
 */
import { contract, type Access } from './contract';
import {
  REFUSED_REASON_COLUMN,
  UploadLogDetailAnswerSchema,
  UploadLogIdParamSchema,
  UploadLogListAnswerSchema,
  UploadLogQuerySchema,
} from './upload';

export interface UploadHistoryOf<P extends `/api/${string}`> {
  /** The area's path, `/api/store`: the history is under `{prefix}/upload/log`. */
  prefix: P;
  /** The area's OpenAPI tag. */
  tag: string;
  /** What the area uploads, for the summaries: `store`, `employee`. */
  what: string;
  /** Who may read the history: whoever may upload. */
  access: Access;
}

export function uploadHistoryContracts<const P extends `/api/${string}`>(o: UploadHistoryOf<P>) {
  const { prefix, tag, what, access } = o;
  return {
    list: contract({
      method: 'GET',
      path: `${prefix}/upload/log`,
      tag,
      summary: `The ${what} upload history, newest first`,
      description: 'A user limited by a trustee scope sees their own uploads.',
      access,
      query: UploadLogQuerySchema,
      answer: UploadLogListAnswerSchema,
    }),
    detail: contract({
      method: 'GET',
      path: `${prefix}/upload/log/:id`,
      tag,
      summary: `One ${what} upload with every refused row`,
      access,
      params: UploadLogIdParamSchema,
      answer: UploadLogDetailAnswerSchema,
      errors: [404],
    }),
    /** Not a contract (an .xlsx answer): what the route of the refused rows' download documents. */
    download: {
      tag,
      summary: `The refused rows of one ${what} upload as an .xlsx, to fix and upload again`,
      description: `The sheet's columns as the file had them, then ${REFUSED_REASON_COLUMN} (ignored on upload).`,
      access,
    },
  };
}

export type UploadHistoryContracts = ReturnType<typeof uploadHistoryContracts>;
