/**
 * Push calls (the bell's own are in bell-api.ts): the per-kind switches, and this browser's
 * subscription (subscribe only after she turns notifications on: the permission prompt never opens by
 * itself).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { pushContracts as push } from '../../domain/push/contracts';
import type { NotifikasiJenis } from '../../domain/push/notifikasi';
import type { PushSubscriptionBodyInput } from '../../domain/push/push';
import { call } from '../../lib/call';
import { ApiError } from '../../lib/http';
import { pushKeys } from './keys';

export const pushSettingQuery = (userid: string) =>
  queryOptions({
    queryKey: pushKeys.setting(userid),
    queryFn: ({ signal }) => call(push.setting, { signal }),
  });

export const pushSettingMutation = (qc: QueryClient, userid: string) =>
  mutationOptions({
    mutationFn: (s: { jenis: NotifikasiJenis; aktif: boolean }) => call(push.saveSetting, { body: s }),
    onSuccess: (answer) =>
      qc.setQueryData(pushKeys.setting(userid), (old: { result: { subscriptions: number } } | undefined) => ({
        result: { settings: answer.result.settings, subscriptions: old?.result.subscriptions ?? 0 },
      })),
  });

/** Whether this browser can receive Web Push at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

export const PUSH_TEXTS = {
  denied:
    'Izin notifikasi ditolak di peramban ini. Buka pengaturan situs di peramban lalu izinkan notifikasi untuk Hadir.',
  unsupported: 'Peramban ini tidak mendukung notifikasi push. Notifikasi tetap tampil di ikon lonceng.',
  needsOnline: 'Mengubah pengaturan notifikasi membutuhkan koneksi internet.',
  serviceDown:
    'Notifikasi belum dapat diaktifkan: layanan push peramban tidak dapat dihubungi. Periksa koneksi lalu coba lagi.',
} as const;

/** Asks the permission (she just tapped), subscribes with the server's key and registers the endpoint. */
export async function subscribeThisBrowser(): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(PUSH_TEXTS.denied);
  const { result } = await call(push.key);
  const reg = await registration();
  const key = Uint8Array.from(atob(result.publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's key changed) cannot be used: make a new one.
  const old = sub?.options.applicationServerKey;
  if (sub && old && !sameBytes(new Uint8Array(old), key)) {
    await sub.unsubscribe();
    sub = null;
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    // The browser could not reach its push service (no network to it, or a browser build without one).
    throw new Error(PUSH_TEXTS.serviceDown, { cause: err });
  }
  // toJSON's fields are optional in the DOM types; the server checks them (400 in Indonesian when absent).
  try {
    return (await call(push.subscribe, { body: sub.toJSON() as PushSubscriptionBodyInput })).message;
  } catch (err) {
    // 409: this browser's endpoint is another account's (a shared tablet, its last user still subscribed).
    // The server never moves it; a new subscription gives this browser a new endpoint of its own, and the
    // old one is dropped from the other account when its push service answers 410.
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    await sub.unsubscribe();
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (cause) {
      throw new Error(PUSH_TEXTS.serviceDown, { cause });
    }
    return (await call(push.subscribe, { body: sub.toJSON() as PushSubscriptionBodyInput })).message;
  }
}

/** Unsubscribes this browser and tells the server to forget its endpoint. */
export async function unsubscribeThisBrowser(): Promise<string> {
  const sub = await currentSubscription();
  if (!sub) return 'Notifikasi di perangkat ini dimatikan';
  const endpoint = sub.endpoint;
  await sub.unsubscribe();
  const answer = await call(push.unsubscribe, { body: { endpoint } });
  return answer.message;
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
