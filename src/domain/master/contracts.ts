/**
 * Master data (spec part 2 §7 "Master data") and payroll periods, one contract per endpoint
 * (src/domain/contract.ts). The master lists' endpoints are generated from the table of kinds,
 * MASTER_RESOURCES: every list has `GET /api/<list>` and `GET /api/<list>/:id`, every writable one
 * (all but status-absensi) also `POST`, `PUT /:id` and `DELETE /:id`, typed by its own row and body
 * schemas (src/domain/master/master.ts), so `masterContracts.shift.create` takes a shift's body and
 * `masterContracts.lokasi.list` answers lokasi rows.
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { ListQuerySchema } from '../list-query';
import {
  MASTER_LABELS,
  MASTER_RESOURCES,
  MASTER_SCHEMAS,
  masterDetailAnswer,
  masterListAnswer,
  MasterIdParamSchema,
  PeriodCreateSchema,
  PeriodDetailAnswerSchema,
  PeriodIdParamSchema,
  PeriodListAnswerSchema,
  PeriodListQuerySchema,
  PeriodStatusSchema,
  type MasterResource,
  type WritableMasterResource,
} from './master';
import { ShiftDampakAnswerSchema, ShiftDampakQuerySchema } from './shift-history';

const tag = 'Master data';
const READ: Access = {
  session: true,
  note: "Rows outside the user's trustee scope are left out (a list) or refused with 403 (one row).",
};

/** The two reads every list has. */
function readContracts<R extends MasterResource>(resource: R) {
  const label = MASTER_LABELS[resource];
  return {
    list: contract({
      method: 'GET',
      path: `/api/${resource}`,
      tag,
      summary: `List ${label}`,
      access: READ,
      query: ListQuerySchema,
      answer: masterListAnswer(resource),
    }),
    detail: contract({
      method: 'GET',
      path: `/api/${resource}/:id`,
      tag,
      summary: `One ${label}`,
      access: READ,
      params: MasterIdParamSchema,
      answer: masterDetailAnswer(resource),
      errors: [403, 404],
    }),
  };
}

/** The three writes of a list that can be written. */
function writeContracts<R extends WritableMasterResource>(resource: R) {
  const label = MASTER_LABELS[resource];
  const { create, update } = MASTER_SCHEMAS[resource];
  return {
    create: contract({
      method: 'POST',
      path: `/api/${resource}`,
      tag,
      summary: `Create a ${label}`,
      description: 'Only within the trustee scope; an unknown kode_prsh is a 400.',
      access: { all: ['master.create'] },
      body: create,
      answer: MessageSchema,
      status: 201,
      errors: [409, 413],
    }),
    update: contract({
      method: 'PUT',
      path: `/api/${resource}/:id`,
      tag,
      summary: `Change a ${label} (its code stays)`,
      access: { all: ['master.update'] },
      params: MasterIdParamSchema,
      body: update,
      answer: MessageSchema,
      errors: [404, 413],
    }),
    remove: contract({
      method: 'DELETE',
      path: `/api/${resource}/:id`,
      tag,
      summary: `Delete a ${label} nothing refers to`,
      access: { all: ['master.delete'] },
      params: MasterIdParamSchema,
      answer: MessageSchema,
      errors: [404, 409],
    }),
  };
}

/** Whether a list can be written (status-absensi is a fixed enumeration, GET only). */
export const isWritableMaster = (resource: MasterResource): resource is WritableMasterResource =>
  resource in MASTER_SCHEMAS;

/** The contracts of one list: its reads, and its writes when it can be written. */
export type MasterListContracts<R extends MasterResource> = ReturnType<typeof readContracts<R>> &
  (R extends WritableMasterResource ? ReturnType<typeof writeContracts<R>> : unknown);

/** `masterContracts.<list>.list | detail | create | update | remove`, in MASTER_RESOURCES' order. */
export const masterContracts = Object.fromEntries(
  MASTER_RESOURCES.map((resource) => [
    resource,
    isWritableMaster(resource) ? { ...readContracts(resource), ...writeContracts(resource) } : readContracts(resource),
  ]),
) as { [R in MasterResource]: MasterListContracts<R> };

const periodTag = 'Period';
// A period is shared by every company (its key is the month), so it is not limited by trustee scope.
const PERIOD_READ: Access = { session: true, note: 'Periods are not limited by trustee scope.' };

/** /api/period: reads for every signed-in user, writes with master.create / master.update. */
export const periodContracts = {
  list: contract({
    method: 'GET',
    path: '/api/period',
    tag: periodTag,
    summary: 'List payroll periods, newest first',
    description: '`status` = true/1 (posting enabled) or false/0.',
    access: PERIOD_READ,
    query: PeriodListQuerySchema,
    answer: PeriodListAnswerSchema,
  }),
  current: contract({
    method: 'GET',
    path: '/api/period/current/get',
    tag: periodTag,
    summary: "The period of today's month",
    access: PERIOD_READ,
    answer: PeriodDetailAnswerSchema,
    errors: [404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/period/:id',
    tag: periodTag,
    summary: 'One period',
    access: PERIOD_READ,
    params: PeriodIdParamSchema,
    answer: PeriodDetailAnswerSchema,
    errors: [404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/period',
    tag: periodTag,
    summary: 'Create a period',
    description: "mulai/akhir default to the month's bounds, jum_hk to its Monday–Saturday count.",
    access: { all: ['master.create'] },
    body: PeriodCreateSchema,
    answer: MessageSchema,
    status: 201,
    errors: [409, 413],
  }),
  setStatus: contract({
    method: 'PUT',
    path: '/api/period/:id',
    tag: periodTag,
    summary: 'Enable or disable posting in a period',
    access: { all: ['master.update'] },
    params: PeriodIdParamSchema,
    body: PeriodStatusSchema,
    answer: MessageSchema,
    errors: [404, 413],
  }),
};

/** GET /api/shift/{id}/dampak (issue 41 item 4): the screen's confirm before a back-dated change. */
export const shiftContracts = {
  dampak: contract({
    method: 'GET',
    path: '/api/shift/:id/dampak',
    tag,
    summary: 'What a change of a shift from a date would re-judge',
    description:
      'PUT /api/shift/{id} takes `berlaku_mulai` (default today, WIB): its times apply from that day, the days before keep theirs. This answers, for a berlaku_mulai, how many recorded days a back-dated change re-judges (`hari_tercatat`, with the confirm text) and the refusal a date within a posted period gets.',
    access: { all: ['master.update'] },
    params: MasterIdParamSchema,
    query: ShiftDampakQuerySchema,
    answer: ShiftDampakAnswerSchema,
    errors: [403, 404],
  }),
};
