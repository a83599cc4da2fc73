/** How this install signs and sends Web Push (server/env.ts reads it; server/modules/push uses it). */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: both or neither (then the push_key row). */
  publicKey?: string;
  privateKey?: string;
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services. */
  subject: string;
  /** PUSH_ENDPOINT_HOSTS: further hosts (host or host:port) whose endpoints are accepted, http too. */
  extraHosts: readonly string[];
}
