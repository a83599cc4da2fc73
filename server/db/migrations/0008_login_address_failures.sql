CREATE TABLE "login_address_failures" (
	"address" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_address_failures_window_idx" ON "login_address_failures" USING btree ("window_started_at");