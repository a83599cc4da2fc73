CREATE TABLE "karyawan_posting" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"nama" varchar(40) NOT NULL,
	"jenis_trn" varchar(2) NOT NULL,
	"alasan_p3" integer,
	"keterangan" varchar(255),
	"tgl_jam_trn" timestamp (3) with time zone NOT NULL,
	"created_by" varchar(6),
	"date_posting" timestamp (3) with time zone,
	"posted_by" varchar(6),
	"date_completed" timestamp (3) with time zone,
	"completed_by" varchar(6),
	CONSTRAINT "karyawan_posting_key_uq" UNIQUE("nrp","jenis_trn","tgl_jam_trn")
);
--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "u_kebijaksanaan" integer;--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "u_kebijaksanaan_desc" varchar(255);--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "u_cuti" integer;--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "u_potongan" integer;--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "u_lumpdrop" integer;--> statement-breakpoint
ALTER TABLE "karyawan" ADD COLUMN "tgl_bast" date;--> statement-breakpoint
ALTER TABLE "karyawan_posting" ADD CONSTRAINT "karyawan_posting_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "karyawan_posting_status_idx" ON "karyawan_posting" USING btree ("date_posting","date_completed");