import type { Actor } from './context';
import { forbidden } from './errors';

/**
 * The caller's own NRP, for the routes that act on the signed-in employee's records (own attendance,
 * own leave, own change requests). A user account not linked to an employee gets a 403 with the area's
 * own message.
 */
export function ownNrp(actor: Actor, notLinkedMessage: string): string {
  if (!actor.nrp) throw forbidden(notLinkedMessage);
  return actor.nrp;
}
