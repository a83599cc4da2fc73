ALTER TABLE "notifikasi" ADD COLUMN "ref" varchar(40);--> statement-breakpoint
CREATE INDEX "notifikasi_ref_idx" ON "notifikasi" USING btree ("ref") WHERE ref is not null;