CREATE TABLE "upload_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"jenis" varchar(20) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"tanggal" timestamp (3) with time zone NOT NULL,
	"status" varchar(10) NOT NULL,
	"keterangan" varchar(255) NOT NULL,
	"jumlah_baris" integer NOT NULL,
	"jumlah_gagal" integer NOT NULL,
	"nrp_gagal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upload_by" varchar(6) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_log_jenis_tanggal_idx" ON "upload_log" USING btree ("jenis","tanggal");--> statement-breakpoint
CREATE INDEX "karyawan_active_nrp_idx" ON "karyawan" USING btree ("nrp") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_nama_idx" ON "karyawan" USING btree ("nama") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_hp_idx" ON "karyawan" USING btree ("telp_hp","nrp") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_per_kontrak_idx" ON "karyawan" USING btree ("per_kontrak","nrp") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_mulai_kontrak_idx" ON "karyawan" USING btree ("mulai_kontrak","nrp") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_resigned_idx" ON "karyawan" USING btree ("tgl_p3","nrp") WHERE alasan_p3 is not null;--> statement-breakpoint
-- The list's search (ILIKE '%q%' on nrp and nama) uses trigram indexes where the server has pg_trgm
-- (PostgreSQL); where it has not (PGlite, or no right to create extensions) the search scans the table.
-- Written by hand, conditional, so it is not part of the Drizzle schema (docs/decisions/008).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS karyawan_nama_trgm_idx ON karyawan USING gin (nama gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS karyawan_nrp_trgm_idx ON karyawan USING gin (nrp gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): the employee search scans the table', SQLERRM;
END $$;
