/**
 * How the API document turns a valibot schema into JSON Schema (docs/decisions/034-api-description-lint.md).
 * hono-openapi's own valibot conversion is replaced, once, for every `resolver()` and `validate()` of the
 * server, so the published document passes the linters others run on it (Spectral `spectral:oas`,
 * Redocly `recommended`). Only the document changes: parsing still goes through the same schemas.
 *
 * - A default that the field's own schema refuses is not a default. `v.optional(requiredText(…), '')`
 *   turns a missing key into '' so that it fails with the field's message ("Kode harus diisi"); the
 *   document would say `default: ""` beside `minLength: 1`. Such a field is required in fact: its
 *   default is dropped and its key listed in `required`. Whether the default passes is asked of valibot
 *   itself (parsing `undefined` with the optional schema), so the document says what the server does.
 * - The shared shapes and main entities (COMPONENTS) are `components/schemas`, referenced by `$ref`
 *   wherever the very same schema object appears.
 */
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import { loadVendor } from 'hono-openapi';
import * as v from 'valibot';
import { ErrorSchema, FieldIssueSchema, MessageSchema } from '../../src/domain/api';
import { AbsensiListRowSchema } from '../../src/domain/absensi/absensi-list';
import { DeviceRowSchema } from '../../src/domain/device/device';
import { KaryawanDetailSchema, KontrakRowSchema } from '../../src/domain/karyawan/karyawan';
import { KaryawanRowSchema } from '../../src/domain/karyawan/karyawan-list';
import { PlanRowSchema } from '../../src/domain/kunjungan/kunjungan-plan';
import { LeaveRowSchema } from '../../src/domain/leave/leave-answers';
import { JenisCutiRowSchema, JenisLeaveRowSchema } from '../../src/domain/leave/leave-kinds';
import { PeriodRowSchema } from '../../src/domain/master/master';
import { NewsRowSchema } from '../../src/domain/news/news';
import { RoleRowSchema } from '../../src/domain/roles/roles';
import { RouteListRowSchema } from '../../src/domain/route-list/route-list';
import { StoreDetailSchema, StoreRowSchema } from '../../src/domain/store/store';
import { UploadLogRowSchema } from '../../src/domain/upload';
import { UserRowSchema } from '../../src/domain/users/users';

/** Named shapes of `components/schemas`: the error answer and the main entities of each area. */
export const COMPONENTS: Record<string, v.GenericSchema> = {
  ErrorAnswer: ErrorSchema,
  FieldIssue: FieldIssueSchema,
  MessageAnswer: MessageSchema,
  AbsensiRow: AbsensiListRowSchema,
  DeviceRow: DeviceRowSchema,
  KaryawanRow: KaryawanRowSchema,
  KaryawanDetail: KaryawanDetailSchema,
  KontrakRow: KontrakRowSchema,
  KunjunganPlanRow: PlanRowSchema,
  LeaveRow: LeaveRowSchema,
  JenisLeaveRow: JenisLeaveRowSchema,
  JenisCutiRow: JenisCutiRowSchema,
  PeriodRow: PeriodRowSchema,
  NewsRow: NewsRowSchema,
  RoleRow: RoleRowSchema,
  RouteListRow: RouteListRowSchema,
  StoreRow: StoreRowSchema,
  StoreDetail: StoreDetailSchema,
  UploadLogRow: UploadLogRowSchema,
  UserRow: UserRowSchema,
};

const OPTIONAL = new Set(['optional', 'nullish', 'exact_optional', 'undefinedable']);
const OBJECT = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

type AnySchema = v.GenericSchema & { type: string; entries?: Record<string, v.GenericSchema> };

/** Whether the server accepts the value missing (`undefined`): asked of valibot itself. */
function acceptsAbsence(schema: v.GenericSchema): boolean {
  try {
    return v.safeParse(schema, undefined).success;
  } catch {
    return true; // an async schema: leave the document as it was
  }
}

const withoutDefault = (json: JsonSchema): JsonSchema => {
  const { default: _refused, ...rest } = json as JsonSchema & { default?: unknown };
  return rest;
};

const overrideSchema: NonNullable<ConversionConfig['overrideSchema']> = ({ valibotSchema, jsonSchema }) => {
  const schema = valibotSchema as AnySchema;
  if (OPTIONAL.has(schema.type) && 'default' in jsonSchema && !acceptsAbsence(schema))
    return withoutDefault(jsonSchema);
  // A tuple converts to draft-07's `items: [...]`, which OpenAPI 3.1 (JSON Schema 2020-12) writes
  // `prefixItems` (the map's markers, `[nrp, lat, long, at]`); `items: {}` beside it for Spectral's
  // array-items rule, the length bounds keeping it to exactly those.
  if (schema.type === 'tuple' && Array.isArray(jsonSchema.items)) {
    const { items, additionalItems: _closed, ...rest } = jsonSchema as JsonSchema & { additionalItems?: unknown };
    const prefixItems = items as unknown[];
    return { ...rest, prefixItems, items: {}, minItems: prefixItems.length, maxItems: prefixItems.length } as JsonSchema;
  }
  if (!OBJECT.has(schema.type) || !schema.entries || !jsonSchema.properties) return undefined;
  // A key is required when its absence is refused, also where the default sits inside a pipe
  // (`v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty(…))`).
  const required = new Set(jsonSchema.required ?? []);
  const properties = { ...jsonSchema.properties };
  let changed = false;
  for (const [key, entry] of Object.entries(schema.entries)) {
    const property = properties[key];
    const hasDefault = typeof property === 'object' && property !== null && 'default' in property;
    const optional = OPTIONAL.has((entry as AnySchema).type);
    if ((!hasDefault && !optional) || acceptsAbsence(entry)) continue;
    if (hasDefault) properties[key] = withoutDefault(property);
    required.add(key);
    changed = true;
  }
  if (!changed) return undefined;
  return { ...jsonSchema, properties, required: Object.keys(schema.entries).filter((k) => required.has(k)) };
};

const NAMES = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

/** The conversion; `self` is the component being written out, which refers to itself by value. */
const config = (self?: v.GenericSchema): ConversionConfig => ({
  errorMode: 'ignore',
  overrideSchema: (context) => {
    const name = context.valibotSchema === self ? undefined : NAMES.get(context.valibotSchema);
    return name ? { $ref: `#/components/schemas/${name}` } : overrideSchema(context);
  },
});

const plain = (json: JsonSchema): JsonSchema => {
  const { $schema: _draft, ...rest } = json as JsonSchema & { $schema?: string };
  return rest;
};

let components: Record<string, JsonSchema> | undefined;
/** `components/schemas`: each named shape, converted once. */
export function componentSchemas(): Record<string, JsonSchema> {
  components ??= Object.fromEntries(
    Object.entries(COMPONENTS).map(([name, schema]) => [name, plain(toJsonSchema(schema, config(schema)))]),
  );
  return components;
}

/** The JSON Schema of one valibot schema as the API document shows it (named shapes by `$ref`). */
export const documentSchema = (schema: v.GenericSchema): JsonSchema => plain(toJsonSchema(schema, config()));

loadVendor('valibot', {
  toOpenAPISchema: async (schema, context) => {
    context.components.schemas = { ...context.components.schemas, ...(componentSchemas() as Record<string, object>) };
    return documentSchema(schema as unknown as v.GenericSchema) as never;
  },
});
