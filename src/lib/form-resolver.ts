/**
 * The one way a form is checked: with its domain schema (docs/guide.md §6.1, the same schema the server uses).
 * The form's values are the schema's input type, so no cast is needed; a form whose values differ from
 * the schema's input has the wrong type or the wrong schema.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as v from 'valibot';

/** The submit handler gets the values as typed (the server parses them again). */
export function formResolver<Input extends FieldValues, Output>(
  schema: v.GenericSchema<Input, Output>,
): Resolver<Input, unknown, Input> {
  return valibotResolver(schema, undefined, { raw: true });
}

/** The submit handler gets the schema's parsed output (trimmed, converted). */
export function parsedFormResolver<Input extends FieldValues, Output>(
  schema: v.GenericSchema<Input, Output>,
): Resolver<Input, unknown, Output> {
  return valibotResolver(schema);
}
