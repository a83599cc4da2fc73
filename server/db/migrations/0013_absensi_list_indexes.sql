CREATE INDEX "absensi_list_idx" ON "absensi" USING btree ("tanggal" DESC NULLS LAST,"nrp");--> statement-breakpoint
CREATE INDEX "absensi_list_not_field_idx" ON "absensi" USING btree ("tanggal" DESC NULLS LAST,"nrp") WHERE sumber <> 'S';--> statement-breakpoint
CREATE INDEX "absensi_list_not_hadir_idx" ON "absensi" USING btree ("tanggal" DESC NULLS LAST,"nrp") WHERE sts_abs_id <> 'H';