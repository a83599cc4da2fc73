CREATE TABLE "checkin_position" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"record_id" integer NOT NULL,
	"side" varchar(3) NOT NULL,
	"tanggal" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"lat6" integer NOT NULL,
	"long6" integer NOT NULL,
	CONSTRAINT "checkin_position_event_uq" UNIQUE("kind","record_id","side")
);
--> statement-breakpoint
CREATE TABLE "photo_hash" (
	"id" serial PRIMARY KEY NOT NULL,
	"file" varchar(120) NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"record_id" integer NOT NULL,
	"side" varchar(3) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"hash" bigint NOT NULL,
	"h0" integer NOT NULL,
	"h1" integer NOT NULL,
	"h2" integer NOT NULL,
	"h3" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_hash_record_uq" UNIQUE("kind","record_id","side")
);
--> statement-breakpoint
CREATE TABLE "photo_match" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_id" integer NOT NULL,
	"matched_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_match_pair_uq" UNIQUE("photo_id","matched_id")
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"singleton_key" varchar(200),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_schedule" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"cron" varchar(100) NOT NULL,
	"time_zone" varchar(40) DEFAULT 'Asia/Jakarta' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_match" ADD CONSTRAINT "photo_match_photo_id_photo_hash_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo_hash"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_match" ADD CONSTRAINT "photo_match_matched_id_photo_hash_id_fk" FOREIGN KEY ("matched_id") REFERENCES "public"."photo_hash"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_position_place_idx" ON "checkin_position" USING btree ("lat6","long6","tanggal");--> statement-breakpoint
CREATE INDEX "checkin_position_nrp_at_idx" ON "checkin_position" USING btree ("nrp","at");--> statement-breakpoint
CREATE INDEX "photo_hash_h0_idx" ON "photo_hash" USING btree ("h0","taken_at");--> statement-breakpoint
CREATE INDEX "photo_hash_h1_idx" ON "photo_hash" USING btree ("h1","taken_at");--> statement-breakpoint
CREATE INDEX "photo_hash_h2_idx" ON "photo_hash" USING btree ("h2","taken_at");--> statement-breakpoint
CREATE INDEX "photo_hash_h3_idx" ON "photo_hash" USING btree ("h3","taken_at");--> statement-breakpoint
CREATE INDEX "photo_match_matched_idx" ON "photo_match" USING btree ("matched_id");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "job_lease_idx" ON "job" USING btree ("locked_until") WHERE state = 'active';--> statement-breakpoint
CREATE INDEX "job_done_idx" ON "job" USING btree ("done_at") WHERE state in ('done', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "job_singleton_uq" ON "job" USING btree ("name","singleton_key") WHERE singleton_key is not null and state in ('pending', 'active');