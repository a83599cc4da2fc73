ALTER TABLE "absensi" ADD COLUMN "field_shift_id" varchar(10);--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "field_jam_masuk" time;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "field_jam_keluar" time;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "toleransi_terlambat" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "toleransi_pulang_cepat" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_field_shift_id_shift_id_fk" FOREIGN KEY ("field_shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The field record of the days the employee checked in herself and nobody changed.
UPDATE "absensi" SET "field_shift_id" = "shift_id", "field_jam_masuk" = "jam_masuk", "field_jam_keluar" = "jam_keluar"
WHERE "sumber" = 'S' AND "jam_masuk" IS NOT NULL;--> statement-breakpoint
-- A field day HR or an upload changed before this migration: its field record is the values before the
-- first change of the day (absensi_change keeps them); failing that, the device times read in her zone.
UPDATE "absensi" a SET
  "field_shift_id" = COALESCE(
    (SELECT c."sebelum"->>'shift_id' FROM "absensi_change" c
      WHERE c."nrp" = a."nrp" AND c."tanggal" = a."tanggal" AND c."sebelum" IS NOT NULL ORDER BY c."id" LIMIT 1),
    a."shift_id"),
  "field_jam_masuk" = COALESCE(
    (SELECT (c."sebelum"->>'jam_masuk')::time FROM "absensi_change" c
      WHERE c."nrp" = a."nrp" AND c."tanggal" = a."tanggal" AND c."sebelum" IS NOT NULL ORDER BY c."id" LIMIT 1),
    (SELECT (a."masuk_captured_at" AT TIME ZONE l."time_zone")::time(0)
      FROM "karyawan" k JOIN "lokasi" l ON l."id" = k."kode_lokasi" WHERE k."nrp" = a."nrp")),
  "field_jam_keluar" = CASE WHEN a."keluar_captured_at" IS NULL THEN NULL ELSE COALESCE(
    (SELECT (c."sebelum"->>'jam_keluar')::time FROM "absensi_change" c
      WHERE c."nrp" = a."nrp" AND c."tanggal" = a."tanggal" AND c."sebelum" IS NOT NULL ORDER BY c."id" LIMIT 1),
    (SELECT (a."keluar_captured_at" AT TIME ZONE l."time_zone")::time(0)
      FROM "karyawan" k JOIN "lokasi" l ON l."id" = k."kode_lokasi" WHERE k."nrp" = a."nrp")) END
WHERE a."sumber" <> 'S' AND a."masuk_captured_at" IS NOT NULL;
