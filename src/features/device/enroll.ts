/**
 * Enrolling this phone's passkey (decision 032): the server's options, the phone's own registration
 * prompt (fingerprint, face or screen lock), the server's verification; then the phone remembers which
 * passkey is hers and fetches her challenges for offline signing. Loaded when she taps the button.
 */
import { startRegistration } from '@simplewebauthn/browser';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import { deviceContracts as device } from '../../domain/device/contracts';
import { call } from '../../lib/call';
import { offlineDb, type OfflineDb } from '../../lib/offline/db';
import { refillChallenges } from '../../lib/device/signing';

/** A name she will recognise in the devices list: the phone's platform and browser. */
export function deviceName(ua = navigator.userAgent): string {
  const android = /Android [\d.]+; ([^;)]+?)(?: Build|\))/.exec(ua)?.[1];
  const platform =
    android ??
    (/iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Perangkat');
  const browser = /SamsungBrowser/.test(ua)
    ? 'Samsung Internet'
    : /Firefox/.test(ua)
      ? 'Firefox'
      : /Chrom/.test(ua)
        ? 'Chrome'
        : /Safari/.test(ua)
          ? 'Safari'
          : 'Browser';
  return `${platform} · ${browser}`.slice(0, 100);
}

export async function enrollThisDevice(userid: string, db: OfflineDb = offlineDb()): Promise<string> {
  const name = deviceName();
  const { options } = await call(device.registerOptions, { body: { device_name: name } });
  const response: RegistrationResponseJSON = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  // Spread into plain objects: the contract's body is a loose object, which an interface does not match.
  const body = { device_name: name, response: { ...response, response: { ...response.response } } };
  const answer = await call(device.registerVerify, { body });
  const rpId = (options as { rp?: { id?: string } }).rp?.id ?? location.hostname;
  await db.deviceKeys.put({ userid, credentialId: response.id, rpId });
  await refillChallenges(userid, db, true);
  return answer.message;
}
