CREATE TABLE "absensi_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"tanggal" date NOT NULL,
	"aksi" varchar(10) NOT NULL,
	"alasan" varchar(255) NOT NULL,
	"sebelum" jsonb,
	"sesudah" jsonb,
	"changed_by" varchar(6) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absensi_posting" (
	"period_id" varchar(6) PRIMARY KEY NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" varchar(6) NOT NULL,
	"employee_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absensi_posting_summary" (
	"period_id" varchar(6) NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"count_attend" integer NOT NULL,
	"count_gapok" integer NOT NULL,
	"count_tun_makan" integer NOT NULL,
	"count_tun_bensin" integer NOT NULL,
	"count_uang_shift" integer NOT NULL,
	CONSTRAINT "absensi_posting_summary_period_id_nrp_pk" PRIMARY KEY("period_id","nrp")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_id" serial PRIMARY KEY NOT NULL,
	"judul" varchar(200) NOT NULL,
	"isi" text NOT NULL,
	"foto" varchar(120),
	"validfrom" date NOT NULL,
	"validto" date NOT NULL,
	"kode_prsh" jsonb NOT NULL,
	"kode_lokasi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sales_office" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type_spg" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nrp" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" varchar(6) NOT NULL,
	"tglupdate" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_read" (
	"news_id" integer NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_read_news_id_nrp_pk" PRIMARY KEY("news_id","nrp")
);
--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "updated_by" varchar(6);--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "alasan" varchar(255);--> statement-breakpoint
ALTER TABLE "lokasi" ADD COLUMN "time_zone" varchar(32) DEFAULT 'Asia/Jakarta' NOT NULL;--> statement-breakpoint
ALTER TABLE "absensi_change" ADD CONSTRAINT "absensi_change_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_posting" ADD CONSTRAINT "absensi_posting_period_id_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_posting_summary" ADD CONSTRAINT "absensi_posting_summary_period_id_absensi_posting_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."absensi_posting"("period_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_posting_summary" ADD CONSTRAINT "absensi_posting_summary_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_read" ADD CONSTRAINT "news_read_news_id_news_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("news_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_read" ADD CONSTRAINT "news_read_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absensi_change_nrp_tanggal_idx" ON "absensi_change" USING btree ("nrp","tanggal");--> statement-breakpoint
CREATE INDEX "news_valid_idx" ON "news" USING btree ("validfrom","validto");--> statement-breakpoint
CREATE INDEX "news_foto_idx" ON "news" USING btree ("foto") WHERE foto is not null;--> statement-breakpoint
ALTER TABLE "lokasi" ADD CONSTRAINT "lokasi_time_zone_ck" CHECK ("lokasi"."time_zone" in ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'));