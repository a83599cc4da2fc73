/**
 * Examples of the API document, in Indonesian data, per operation (`METHOD /path` as the document
 * writes it). They sit here, not in the route files, so one file holds them all; Spectral checks each
 * against its schema (test/server/openapi.test.ts), and the test fails on a key no operation has.
 */

export interface OperationExample {
  /** The request body (the first media type of the operation, or `requestMedia`). */
  request?: unknown;
  requestMedia?: string;
  /** The success answer (200, or 201 where the operation answers 201). */
  response?: unknown;
}

export const EXAMPLES: Record<string, OperationExample> = {
  'POST /auth/web/login': {
    request: {
      username: 'spg',
      password: 'Hadir#Demo2026',
    },
    response: {
      token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyaWQiOiJVMDAwMDQiLCJ1c2VybmFtZSI6InNwZyJ9.c2lnbmF0dXJl',
      role: 'USER',
    },
  },
  'GET /auth/login/detail': {
    response: {
      result: {
        userid: 'U00004',
        username: 'spg',
        nama: 'Nabila Anggraini',
        role: 'USER',
        nrp: '26000002',
        permissions: ['leave.read'],
      },
    },
  },
  'GET /api/permissions': {
    response: {
      result: [
        {
          id: 'dashboard.read',
          category: 'Dashboard',
        },
        {
          id: 'karyawan.read',
          category: 'Karyawan',
        },
        {
          id: 'karyawan.create',
          category: 'Karyawan',
        },
        {
          id: 'karyawan.update',
          category: 'Karyawan',
        },
      ],
      totalCount: 68,
    },
  },
  'GET /api/roles': {
    response: {
      result: [
        {
          id: 'ADMIN',
          nama: 'ADMIN',
          permissionCount: 68,
          allPermissions: true,
          userCount: 1,
          deletable: false,
        },
        {
          id: 'HR',
          nama: 'HR',
          permissionCount: 41,
          allPermissions: false,
          userCount: 1,
          deletable: false,
        },
      ],
      totalCount: 4,
    },
  },
  'POST /api/roles': {
    request: {
      id: 'SPV',
      nama: 'Supervisor Area',
      permissions: ['dashboard.read', 'absensi.read', 'leave.read', 'leave.approve'],
    },
  },
  'GET /api/users': {
    response: {
      result: [
        {
          userid: 'U00001',
          username: 'admin',
          nama: 'Administrator',
          role: 'ADMIN',
          role_nama: 'ADMIN',
          is_active: true,
          reset_password: false,
          last_login: '2026-11-27T01:12:45.000Z',
          nrp: null,
        },
        {
          userid: 'U00002',
          username: 'hr',
          nama: 'Staf HR',
          role: 'HR',
          role_nama: 'HR',
          is_active: true,
          reset_password: false,
          last_login: null,
          nrp: null,
        },
      ],
      totalCount: 4,
    },
  },
  'POST /api/users': {
    request: {
      userid: 'U00010',
      username: 'rina.spv',
      nama: 'Rina Marlina',
      password: 'Sementara#2026',
      role: 'SPV',
      reset_password: true,
      is_active: true,
      nrp: null,
    },
  },
  'GET /api/karyawan': {
    response: {
      result: [
        {
          nrp: '26000001',
          nama: 'Cahya Kusuma',
          foto_kar: null,
          telp_hp: '08215002223',
          kode_lokasi: 'JKT',
          per_kontrak: 3,
          lama_kontrak: 12,
          mulai_kontrak: '2026-04-07',
          selesai_kontrak: '2027-04-06',
          tgl_p3: null,
          no_pb: null,
          alasan_p3: null,
          u_kebijaksanaan: null,
          u_kebijaksanaan_desc: null,
          u_cuti: null,
          u_potongan: null,
          u_lumpdrop: null,
          tgl_bast: null,
          type: {
            id: 'TL',
            type: 'Team Leader',
          },
          sales_office: {
            id: 'JKT',
            nama: 'Sales Office Jakarta Raya',
          },
          mst_alasan_p3: null,
          p3: null,
        },
        {
          nrp: '26000002',
          nama: 'Nabila Anggraini',
          foto_kar: null,
          telp_hp: '081768127129',
          kode_lokasi: 'JKT',
          per_kontrak: 2,
          lama_kontrak: 9,
          mulai_kontrak: '2026-11-18',
          selesai_kontrak: '2027-08-17',
          tgl_p3: null,
          no_pb: null,
          alasan_p3: null,
          u_kebijaksanaan: null,
          u_kebijaksanaan_desc: null,
          u_cuti: null,
          u_potongan: null,
          u_lumpdrop: null,
          tgl_bast: null,
          type: {
            id: 'REG',
            type: 'SPG Reguler',
          },
          sales_office: {
            id: 'JKT',
            nama: 'Sales Office Jakarta Raya',
          },
          mst_alasan_p3: null,
          p3: null,
        },
      ],
      totalCount: 38,
    },
  },
  'GET /api/store': {
    response: {
      result: [
        {
          cust_code: 'BDG001',
          cust_name: 'Hypermart Buah Batu',
          kunnr: '1002000001',
          sales_office_id: 'JBR',
          cust_address: 'Jl. Veteran No. 152, Buah Batu, Bandung 40264',
          cust_zip: '40264',
          cust_lat: -6.901148,
          cust_long: 107.595188,
          cust_contact: 'Kartika Wijaya',
          cust_telp: '022-2120494',
          cust_email: 'bdg001@example.com',
          cust_key_account: 'HYP',
          cust_type: 'MT',
          client_id: 'BRV',
          radius_m: null,
        },
        {
          cust_code: 'BDG002',
          cust_name: 'Lotte Mart Cihampelas',
          kunnr: '1002000002',
          sales_office_id: 'JBR',
          cust_address: 'Jl. Pattimura No. 91, Cihampelas, Bandung 40131',
          cust_zip: '40131',
          cust_lat: -6.949763,
          cust_long: 107.63804,
          cust_contact: 'Yulia Wulandari',
          cust_telp: '022-5876239',
          cust_email: 'bdg002@example.com',
          cust_key_account: 'LTM',
          cust_type: 'MT',
          client_id: 'CMK',
          radius_m: null,
        },
      ],
      totalCount: 88,
    },
  },
  'POST /api/store': {
    request: {
      cust_code: 'JKT031',
      cust_name: 'Superindo Kelapa Gading',
      kunnr: '1001000031',
      sales_office_id: 'JKT',
      cust_address: 'Jl. Boulevard Raya No. 12, Kelapa Gading, Jakarta Utara 14240',
      cust_zip: '14240',
      cust_lat: -6.158373,
      cust_long: 106.905784,
      cust_contact: 'Dewi Lestari',
      cust_telp: '021-4521870',
      cust_email: 'jkt031@example.com',
      cust_key_account: 'SPI',
      cust_type: 'MT',
      client_id: 'NSF',
      radius_m: 150,
    },
  },
  'GET /api/period': {
    response: {
      result: [
        {
          id: '202701',
          kode_prsh: 'KM',
          mulai: '2027-01-01',
          akhir: '2027-01-31',
          jum_hk: 26,
          status: false,
        },
        {
          id: '202612',
          kode_prsh: 'KM',
          mulai: '2026-12-01',
          akhir: '2026-12-31',
          jum_hk: 27,
          status: false,
        },
      ],
      totalCount: 6,
    },
  },
  'POST /api/period': {
    request: {
      id: '202612',
      kode_prsh: 'KM',
      mulai: '2026-12-01',
      akhir: '2026-12-31',
      jum_hk: 27,
      status: false,
    },
  },
  'GET /api/lokasi': {
    response: {
      result: [
        {
          id: 'BDG',
          kode_prsh: 'KM',
          nama: 'Bandung',
          alamat: 'Jl. Pemuda No. 108, Buah Batu, Bandung',
          time_zone: 'Asia/Jakarta',
        },
        {
          id: 'DJJ',
          kode_prsh: 'KM',
          nama: 'Jayapura',
          alamat: 'Jl. Veteran No. 8, Gurabesi, Jayapura',
          time_zone: 'Asia/Jayapura',
        },
      ],
      totalCount: 11,
    },
  },
  'GET /api/route-list': {
    response: {
      result: [
        {
          id: 'RBD01',
          kode_prsh: 'KM',
          nama: 'Bandung Rute 1',
          outlet_count: 4,
        },
        {
          id: 'RBD02',
          kode_prsh: 'KM',
          nama: 'Bandung Rute 2',
          outlet_count: 4,
        },
      ],
      totalCount: 34,
    },
  },
  'GET /api/kunjungan': {
    response: {
      result: [
        {
          no_dcp: 'DCP/202611/26000002',
          route_list_id: 'RJK00',
          nrp: '26000002',
          shift_id: 'PAGI',
          shift: 'Pagi',
          period_id: '202611',
          tgl_period1: '2026-11-01',
          tgl_period2: '2026-11-30',
          route_list: 'Jakarta Rute Harian (7 hari)',
          karyawan: {
            nama: 'Nabila Anggraini',
            sales_office: 'Sales Office Jakarta Raya',
          },
          counts: {
            planned: 77,
            checked_in: 58,
            checked_out: 56,
            outside_radius: 0,
          },
        },
        {
          no_dcp: 'DCP/202611/26000009',
          route_list_id: 'RBD02',
          nrp: '26000009',
          shift_id: 'PAGI',
          shift: 'Pagi',
          period_id: '202611',
          tgl_period1: '2026-11-01',
          tgl_period2: '2026-11-30',
          route_list: 'Bandung Rute 2',
          karyawan: {
            nama: 'Hana',
            sales_office: 'Sales Office Jawa Barat',
          },
          counts: {
            planned: 61,
            checked_in: 52,
            checked_out: 51,
            outside_radius: 0,
          },
        },
      ],
      totalCount: 29,
    },
  },
  'GET /api/dashboard/kunjungan': {
    response: {
      result: [
        {
          id: 'BDG',
          nama: 'Bandung',
          time_zone: 'Asia/Jakarta',
          tanggal: '2026-11-28',
          karyawan_count: 5,
          kunjungan_count: 10,
          visited_count: 3,
          active_count: 2,
        },
        {
          id: 'BPN',
          nama: 'Balikpapan',
          time_zone: 'Asia/Makassar',
          tanggal: '2026-11-28',
          karyawan_count: 1,
          kunjungan_count: 2,
          visited_count: 2,
          active_count: 2,
        },
      ],
    },
  },
  'GET /api/jenis-leave': {
    response: {
      result: [
        {
          id: 1,
          jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit',
          type: 'SAKIT',
          status: true,
        },
        {
          id: 2,
          jenis_leave: 'Pengajuan Cuti',
          type: 'CUTI',
          status: true,
        },
        {
          id: 3,
          jenis_leave: 'Izin Tidak Masuk',
          type: 'IZIN',
          status: true,
        },
      ],
      totalCount: 5,
    },
  },
  'POST /api/jenis-leave': {
    request: {
      jenis_leave: 'Izin Keperluan Keluarga',
      type: 'IZIN',
    },
  },
  'GET /api/count/leave/summary': {
    response: {
      result: {
        all: {
          year: 4,
          month: 1,
          open: 1,
          reject: 0,
        },
        by_jenis: [
          {
            jenis_leave_id: 1,
            year: 2,
            month: 1,
            open: 1,
            reject: 0,
          },
          {
            jenis_leave_id: 2,
            year: 2,
            month: 0,
            open: 0,
            reject: 0,
          },
        ],
      },
    },
  },
  'GET /api/leave/cuti/sisa': {
    response: {
      result: {
        nrp: '26000002',
        tahun: 2026,
        hak: 12,
        terpakai: 3,
        menunggu: 1,
        sisa: 8,
        eligible_from: null,
      },
    },
  },
  'POST /api/absensi/new/spg': {
    request: {
      tanggal: '2026-11-28',
      jam_masuk: '07:58:12',
      captured_at: '2026-11-28T07:58:12+07:00',
      lat: -6.126123,
      long: 106.790456,
      accuracy: 12.5,
      photo: '(JPEG, selfie di toko)',
    },
  },
  'POST /api/absensi': {
    request: {
      nrp: '26000002',
      shift_id: 'PAGI',
      sts_abs_id: 'H',
      tanggal: '2026-11-27',
      jam_masuk: '08:00:00',
      jam_keluar: '17:00:00',
      alasan: 'Ponsel rusak, absen dicatat oleh HR sesuai laporan TL',
    },
  },
  'POST /api/kunjungan/detail/{id}/check-in': {
    request: {
      jam: '09:15:40',
      desc: 'Display rak depan sudah dirapikan',
      captured_at: '2026-11-28T09:15:40+07:00',
      lat: -6.125871,
      long: 106.79102,
      accuracy: 8,
      photo: '(JPEG, foto display toko)',
    },
  },
  'POST /api/leave': {
    request: {
      jenis_leave: '1',
      start_date: '2026-11-30',
      end_date: '2026-12-01',
      keterangan: 'Demam tinggi, surat dokter terlampir',
      tanggal: '2026-11-28',
      captured_at: '2026-11-28T07:58:12+07:00',
      attachment: '(PDF, surat keterangan dokter)',
    },
    response: {
      message: 'Pengajuan leave berhasil disimpan',
      result: {
        leave_id: 118,
        nomor: 'LV/202611/000118',
        nrp: '26000002',
        karyawan: {
          nama: 'Nabila Anggraini',
          lokasi: {
            id: 'JKT',
            nama: 'Jakarta',
          },
          client: {
            id: 'NSF',
            nama: 'PT Nusa Segar Foods',
          },
          sales_office: {
            id: 'JKT',
            nama: 'Sales Office Jakarta Raya',
          },
          team_leader_nrp: '26000001',
        },
        jenis: {
          id: 1,
          jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit',
          type: 'SAKIT',
        },
        start_date: '2026-11-30',
        end_date: '2026-12-01',
        tanggal: '2026-11-28',
        hari_request: null,
        keterangan: 'Demam tinggi, surat dokter terlampir',
        periode: '202611',
        status: 'Pending',
        attachment: 'leave/118-surat-dokter.pdf',
        cuti: null,
        shift: null,
        shiftRequest: null,
        approval: [
          {
            approval_id: 301,
            approval_num: 1,
            approval_role: 'TL',
            approval_nrp: '26000001',
            approval_status: 'N',
            approval_date: null,
            approver: null,
            keterangan: null,
          },
          {
            approval_id: 302,
            approval_num: 2,
            approval_role: 'ADMIN',
            approval_nrp: null,
            approval_status: 'N',
            approval_date: null,
            approver: null,
            keterangan: null,
          },
        ],
        created_by: 'U00004',
        captured_at: '2026-11-28T07:58:12+07:00',
        received_at: '2026-11-28T00:58:15.412Z',
      },
    },
  },
  'POST /api/leave/approved/status': {
    request: {
      id: 301,
      status: 'A',
      keterangan: 'Disetujui, semoga lekas sembuh',
      captured_at: '2026-11-28T10:02:00+07:00',
    },
  },
  'POST /api/request/karyawan': {
    request: {
      captured_at: '2026-11-28T07:58:12+07:00',
      alamat1: 'Jl. Melati No. 5 RT 02/RW 04',
      kode_pos: '11620',
      telp_hp: '081298765432',
    },
  },
  'GET /api/news/mine': {
    response: {
      result: [
        {
          news_id: 7,
          judul: 'Promo Akhir Tahun',
          isi: 'Mulai 1 Desember semua toko memasang materi promo akhir tahun. Pastikan display sesuai planogram.',
          foto: null,
          validfrom: '2026-11-25',
          validto: '2026-12-31',
          tglupdate: '2026-11-24T09:30:00.000Z',
          read_at: null,
        },
      ],
      totalCount: 1,
      unread: 1,
    },
  },
  'POST /api/news/{id}/read': {
    request: {
      captured_at: '2026-11-28T08:05:00+07:00',
    },
    response: {
      message: 'News sudah dibaca',
      result: {
        news_id: 7,
        read_at: '2026-11-28T01:05:00.000Z',
      },
    },
  },
};

type Operation = {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

/** Puts each example into the document (after generation; a key without an operation is skipped). */
export function applyExamples<D>(doc: D): D {
  const paths = (doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [key, example] of Object.entries(EXAMPLES)) {
    const [method = '', path = ''] = key.split(' ');
    const op = paths[path]?.[method.toLowerCase()];
    if (!op) continue;
    if (example.request !== undefined) {
      const content = op.requestBody?.content ?? {};
      const media = example.requestMedia ?? Object.keys(content)[0];
      if (media && content[media]) content[media].example = example.request;
    }
    if (example.response !== undefined) {
      const status = Object.keys(op.responses ?? {}).find((s) => s.startsWith('2'));
      const json = status ? op.responses?.[status]?.content?.['application/json'] : undefined;
      if (json) json.example = example.response;
    }
  }
  return doc;
}
