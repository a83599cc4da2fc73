DROP INDEX "photo_hash_h0_idx";--> statement-breakpoint
DROP INDEX "photo_hash_h1_idx";--> statement-breakpoint
DROP INDEX "photo_hash_h2_idx";--> statement-breakpoint
DROP INDEX "photo_hash_h3_idx";--> statement-breakpoint
CREATE INDEX "photo_hash_h0_near_idx" ON "photo_hash" USING btree ("h0","taken_at","hash","id");--> statement-breakpoint
CREATE INDEX "photo_hash_h1_near_idx" ON "photo_hash" USING btree ("h1","taken_at","hash","id");--> statement-breakpoint
CREATE INDEX "photo_hash_h2_near_idx" ON "photo_hash" USING btree ("h2","taken_at","hash","id");--> statement-breakpoint
CREATE INDEX "photo_hash_h3_near_idx" ON "photo_hash" USING btree ("h3","taken_at","hash","id");