import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyError } from '../../../lib/toast';
import { exportKaryawanExcel } from '../upload-api';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';

/** "Export to Excel" of the active (/karyawan) or resigned (/karyawan/resign/new) list; needs karyawan.export. */
export function KaryawanExportButton({ resigned }: { resigned: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportKaryawanExcel(resigned);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} loading={busy}>
      {KARYAWAN_UPLOAD_TEXTS.exportButton}
    </Button>
  );
}
