CREATE TABLE "shift_riwayat" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" varchar(10) NOT NULL,
	"berlaku_mulai" date,
	"berlaku_sampai" date NOT NULL,
	"jam_mulai" time NOT NULL,
	"jam_selesai" time NOT NULL,
	"ada_uang_shift" varchar(1) NOT NULL,
	"toleransi_terlambat" integer NOT NULL,
	"toleransi_pulang_cepat" integer NOT NULL,
	"batas_check_out" time,
	"diganti_oleh" varchar(6) NOT NULL,
	"diganti_pada" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "berlaku_mulai" date;--> statement-breakpoint
ALTER TABLE "shift_riwayat" ADD CONSTRAINT "shift_riwayat_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_riwayat_shift_idx" ON "shift_riwayat" USING btree ("shift_id","berlaku_sampai");--> statement-breakpoint
CREATE VIEW "public"."shift_masa" AS (
  select s.id, s.kode_prsh, s.nama, coalesce(s.berlaku_mulai, date '0001-01-01') as berlaku_mulai,
         date '9999-12-31' as berlaku_sampai, s.jam_mulai, s.jam_selesai, s.ada_uang_shift,
         s.toleransi_terlambat, s.toleransi_pulang_cepat, s.batas_check_out
    from shift s
  union all
  select s.id, s.kode_prsh, s.nama, coalesce(r.berlaku_mulai, date '0001-01-01'), r.berlaku_sampai,
         r.jam_mulai, r.jam_selesai, r.ada_uang_shift, r.toleransi_terlambat, r.toleransi_pulang_cepat,
         r.batas_check_out
    from shift_riwayat r join shift s on s.id = r.shift_id);