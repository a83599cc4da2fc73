CREATE TABLE "device_challenge" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"userid" varchar(6) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_credential" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"userid" varchar(6) NOT NULL,
	"credential_id" varchar(1400) NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_name" varchar(100) NOT NULL,
	"status" varchar(8) NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"approved_by" varchar(6),
	"approved_at" timestamp with time zone,
	"revoked_by" varchar(6),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "device_credential_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "in_verified" varchar(8);--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "out_verified" varchar(8);--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_verified" varchar(8);--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_verified" varchar(8);--> statement-breakpoint
ALTER TABLE "perusahaan" ADD COLUMN "device_policy" varchar(8) DEFAULT 'wajib' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_challenge" ADD CONSTRAINT "device_challenge_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_credential" ADD CONSTRAINT "device_credential_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_challenge_open_idx" ON "device_challenge" USING btree ("nrp","expires_at") WHERE used_at is null;--> statement-breakpoint
CREATE INDEX "device_credential_nrp_idx" ON "device_credential" USING btree ("nrp");