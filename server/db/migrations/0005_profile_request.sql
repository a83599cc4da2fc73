CREATE TABLE "karyawan_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"request_nomor" integer NOT NULL,
	"tanggal_pengajuan" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb,
	"approve_status" varchar(1) DEFAULT 'N' NOT NULL,
	"approve_date" timestamp (3) with time zone,
	"approve_by" varchar(6),
	"keterangan" varchar(255),
	"created_by" varchar(6),
	CONSTRAINT "karyawan_request_nomor_uq" UNIQUE("nrp","request_nomor")
);
--> statement-breakpoint
ALTER TABLE "karyawan_request" ADD CONSTRAINT "karyawan_request_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan_request" ADD CONSTRAINT "karyawan_request_approve_by_users_userid_fk" FOREIGN KEY ("approve_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan_request" ADD CONSTRAINT "karyawan_request_created_by_users_userid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "karyawan_request_status_idx" ON "karyawan_request" USING btree ("approve_status","tanggal_pengajuan");