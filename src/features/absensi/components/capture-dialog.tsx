import { Alert, Box, Button, Dialog, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VISIT_RADIUS_DEFAULT_M } from '../../../domain/absensi/absensi';
import { accuracyText, distanceMeters, outsideRadius, outsideRadiusText } from '../../../domain/geo';
import type { KunjunganLine } from '../../../domain/absensi/kunjungan-checkin';
import { compressPhoto } from '../../../lib/image';
import { captureLocation, type LocationFix } from '../capture';
import type { Capture } from '../outbox';

interface Props {
  title: string;
  /** e.g. the store name, shown under the title. */
  subtitle?: string;
  /** A store visit's store: a fix farther than its radius is said before saving (flagged, never refused). */
  store?: Pick<KunjunganLine['customer'], 'cust_lat' | 'cust_long' | 'radius_m'>;
  onClose: () => void;
  /** Must resolve only once the record is durably in the outbox. */
  onSave: (capture: Capture) => Promise<void>;
}

/**
 * One check-in/out: a live photo (the camera, through a file input with capture) and a GPS fix,
 * taken together. Saving is possible without a fix; the reason is recorded instead.
 */
export function CaptureDialog({ title, subtitle, store, onClose, onSave }: Props) {
  const [id] = useState(() => crypto.randomUUID());
  const [location, setLocation] = useState<LocationFix | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState<'compressing' | 'saving' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [inputEl, setInputEl] = useState<HTMLInputElement | null>(null);
  const cameraOpened = useRef(false);
  const inputRef = useCallback((el: HTMLInputElement | null) => {
    input.current = el;
    setInputEl(el);
  }, []);

  // The tap that opened this dialog also opens the camera (issue 11: first screen to a saved check-in
  // in at most 3 taps plus the shutter). Browsers allow it only while that tap's activation lasts;
  // otherwise "Ambil Foto" is one more tap, as before.
  useEffect(() => {
    if (!inputEl || cameraOpened.current) return;
    cameraOpened.current = true;
    if (navigator.userActivation?.isActive ?? true) inputEl.click();
  }, [inputEl]);

  useEffect(() => {
    let live = true;
    void captureLocation().then((fix) => live && setLocation(fix));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setError(null);
    setBusy('compressing');
    try {
      const small = await compressPhoto(file);
      setPhoto(small);
      setPreview(URL.createObjectURL(small));
    } catch {
      setError('Foto tidak dapat diproses. Silakan ambil ulang.');
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!photo || !location || busy) return;
    setBusy('saving');
    try {
      await onSave({ id, photo, location, at: dayjs() });
    } catch {
      setError('Gagal menyimpan di perangkat. Periksa ruang penyimpanan lalu coba lagi.');
      setBusy(null);
    }
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && !busy && onClose()}
      size={{ base: 'full', md: 'md' }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="0">
              <Dialog.Title>{title}</Dialog.Title>
              {subtitle && (
                <Text color="fg.muted" textStyle="sm">
                  {subtitle}
                </Text>
              )}
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <input
                  ref={inputRef}
                  type="file"
                  accept="image/*"
                  capture="user"
                  hidden
                  data-testid="photo-input"
                  onChange={(e) => void onPhoto(e.target.files?.[0])}
                />
                <Box
                  as="button"
                  onClick={() => input.current?.click()}
                  borderWidth="2px"
                  borderStyle="dashed"
                  rounded="lg"
                  minH="56"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  overflow="hidden"
                  bg="bg.muted"
                  aria-label={photo ? 'Ambil ulang foto' : 'Ambil foto'}
                >
                  {busy === 'compressing' ? (
                    <Spinner />
                  ) : preview ? (
                    <Image src={preview} alt="Foto" maxH="64" objectFit="contain" />
                  ) : (
                    <Text fontWeight="medium">Ambil Foto</Text>
                  )}
                </Box>
                <LocationLine fix={location} />
                <RadiusWarning fix={location} store={store} />
                {error && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="lg" onClick={onClose} disabled={!!busy}>
                Batal
              </Button>
              <Button size="lg" onClick={() => void save()} disabled={!photo || !location} loading={busy === 'saving'}>
                Simpan
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LocationLine({ fix }: { fix: LocationFix | null }) {
  if (!fix)
    return (
      <Text color="fg.muted" textStyle="sm" display="flex" gap="2" alignItems="center">
        <Spinner size="xs" /> Mencari lokasi…
      </Text>
    );
  if (fix.ok)
    return (
      <Text color="green.fg" textStyle="sm" data-testid="location-status">
        Lokasi ditemukan ({accuracyText(fix.accuracy)})
      </Text>
    );
  return (
    <Alert.Root status="warning" data-testid="location-status">
      <Alert.Indicator />
      <Alert.Description>
        {fix.reason}. Anda tetap dapat menyimpan; alasan ini dicatat bersama absensi.
      </Alert.Description>
    </Alert.Root>
  );
}

/** Before saving a store check-in far from the store: "Anda 5,0 km dari toko; radius 300 m". */
function RadiusWarning({ fix, store }: { fix: LocationFix | null; store: Props['store'] }) {
  if (!fix?.ok || !store || store.cust_lat === null || store.cust_long === null) return null;
  const radiusM = store.radius_m ?? VISIT_RADIUS_DEFAULT_M;
  const distanceM = distanceMeters(fix, { lat: store.cust_lat, long: store.cust_long });
  if (!outsideRadius(distanceM, radiusM)) return null;
  return (
    <Alert.Root status="warning" data-testid="radius-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{outsideRadiusText(distanceM, radiusM)}</Alert.Title>
        <Alert.Description>
          Anda tetap dapat menyimpan; check in ini ditandai di luar radius untuk supervisor.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
