ALTER TABLE "absensi_tinjau" ADD COLUMN "pesan_karyawan" varchar(255);--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD COLUMN "tl_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD COLUMN "admin_captured_at" timestamp with time zone;