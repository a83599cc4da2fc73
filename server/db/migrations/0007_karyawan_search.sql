DROP INDEX "karyawan_active_nrp_idx";--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "cari" text GENERATED ALWAYS AS (lower(nrp || E'\n' || nama)) STORED;--> statement-breakpoint
CREATE INDEX "karyawan_active_nrp_cari_idx" ON "karyawan" USING btree ("nrp","cari") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_type_idx" ON "karyawan" USING btree ("type_spg_id","nrp","cari") WHERE alasan_p3 is null;--> statement-breakpoint
CREATE INDEX "karyawan_active_sales_office_idx" ON "karyawan" USING btree ("sales_office_id","nrp","cari") WHERE alasan_p3 is null;--> statement-breakpoint
-- The search now reads `cari` (LIKE, lower case): one trigram index on it replaces the two of 0006,
-- again only where the server has pg_trgm (docs/decisions/008).
DROP INDEX IF EXISTS karyawan_nama_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS karyawan_nrp_trgm_idx;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS karyawan_cari_trgm_idx ON karyawan USING gin (cari gin_trgm_ops);
  END IF;
END $$;
