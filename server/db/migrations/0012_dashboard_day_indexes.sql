DROP INDEX "kunjungan_detail_date_idx";--> statement-breakpoint
CREATE INDEX "kunjungan_detail_day_idx" ON "kunjungan_detail" USING btree ("tgl_dcp","no_dcp","shift_id","in_jam","out_jam");--> statement-breakpoint
CREATE INDEX "kunjungan_detail_checked_in_idx" ON "kunjungan_detail" USING btree ("tgl_dcp") WHERE in_jam is not null;