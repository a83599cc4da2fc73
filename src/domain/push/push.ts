/**
 * Web Push and the in-app list (the header's bell): request and answer shapes shared by the server's
 * /api/push and /api/notifikasi routes and the phone, with their Indonesian messages.
 */
import * as v from 'valibot';
import { MessageSchema, resultAnswer } from '../api';
import { text } from '../primitives';
import { NOTIFIKASI_JENIS } from './notifikasi';

export const PUSH_MESSAGES = {
  hostNotAllowed:
    'Alamat push tidak diizinkan: hanya layanan push peramban (Google, Mozilla, Apple, Microsoft) yang diterima',
  badEndpoint: 'Alamat push tidak valid',
  badKey: 'Kunci langganan push tidak valid',
  subscribed: 'Notifikasi aktif di perangkat ini',
  unsubscribed: 'Notifikasi di perangkat ini dimatikan',
  settingSaved: 'Pengaturan notifikasi disimpan',
  read: 'Notifikasi ditandai sudah dibaca',
  otherUser: 'Perangkat ini sudah terdaftar untuk pengguna lain',
} as const;

/** Browsers subscribed per user: a further one replaces her oldest (a lost phone's stays bounded). */
export const PUSH_SUBSCRIPTIONS_MAX = 5;

/** base64url without padding (a trailing `=` tolerated): the browser's PushSubscription.toJSON() keys. */
const base64url = (min: number, max: number) =>
  v.pipe(
    v.string(PUSH_MESSAGES.badKey),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.badKey),
    v.minLength(min, PUSH_MESSAGES.badKey),
    v.maxLength(max, PUSH_MESSAGES.badKey),
  );

export const PushKeyAnswerSchema = resultAnswer(v.object({ publicKey: v.string() }));

const endpoint = () => v.pipe(text(1000), v.nonEmpty(PUSH_MESSAGES.badEndpoint));

/** The browser's PushSubscription as JSON: p256dh a 65-byte P-256 point (87 chars), auth 16 bytes (22). */
export const PushSubscriptionBodySchema = v.object({
  endpoint: endpoint(),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: base64url(87, 88), auth: base64url(22, 24) }),
});
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionBodySchema>;
export type PushSubscriptionBodyInput = v.InferInput<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = v.object({ endpoint: endpoint() });

const jenis = () => v.picklist(NOTIFIKASI_JENIS, 'Jenis notifikasi tidak dikenal');

export const PushSettingSchema = v.object({ jenis: jenis(), aktif: v.boolean('Harus true atau false') });
export type PushSetting = v.InferOutput<typeof PushSettingSchema>;
/** Every kind the caller can receive with its state (no stored choice: on), and how many browsers of hers are subscribed. */
export const PushSettingAnswerSchema = resultAnswer(
  v.object({ settings: v.array(PushSettingSchema), subscriptions: v.number() }),
);
export type PushSettingAnswer = v.InferOutput<typeof PushSettingAnswerSchema>;
export const PushSettingPutAnswerSchema = v.object({
  ...MessageSchema.entries,
  result: v.object({ settings: v.array(PushSettingSchema) }),
});

export {
  NotifikasiReadAnswerSchema,
  NotifikasiReadBodySchema,
  NOTIFIKASI_LIST_MAX,
  NotifikasiItemSchema,
  NotifikasiListAnswerSchema,
  type NotifikasiItem,
  type NotifikasiListAnswer,
} from './notifikasi-list';

/** What a push message carries (JSON): the service worker shows it and a tap opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
