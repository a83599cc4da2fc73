CREATE TABLE "absensi_tinjau" (
	"id" serial PRIMARY KEY NOT NULL,
	"jenis" varchar(10) NOT NULL,
	"record_id" integer NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"tanggal" date NOT NULL,
	"keputusan" varchar(5),
	"alasan" varchar(255),
	"decided_by" varchar(6),
	"decided_at" timestamp with time zone,
	"flags_at_decision" jsonb,
	"catatan" varchar(255),
	"catatan_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absensi_tinjau_record_uq" UNIQUE("jenis","record_id")
);
--> statement-breakpoint
ALTER TABLE "absensi_tinjau" ADD CONSTRAINT "absensi_tinjau_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absensi_tinjau_decided_idx" ON "absensi_tinjau" USING btree ("decided_at") WHERE keputusan is not null;--> statement-breakpoint
CREATE INDEX "absensi_flagged_idx" ON "absensi" USING btree ("tanggal","nrp") WHERE flags <> '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "kunjungan_detail_flagged_idx" ON "kunjungan_detail" USING btree ("tgl_dcp","no_dcp") WHERE flags <> '[]'::jsonb;