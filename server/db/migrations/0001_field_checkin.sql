CREATE TABLE "idempotency_keys" (
	"userid" varchar(6) NOT NULL,
	"key" varchar(64) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(255) NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_userid_key_pk" PRIMARY KEY("userid","key")
);
--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_lat" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_long" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "masuk_location_note" varchar(255);--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_lat" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_long" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "keluar_location_note" varchar(255);--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "in_location_note" varchar(255);--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "out_location_note" varchar(255);--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");