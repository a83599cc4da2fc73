CREATE INDEX "karyawan_foto_kar_idx" ON "karyawan" USING btree ("foto_kar") WHERE foto_kar is not null;--> statement-breakpoint
CREATE INDEX "karyawan_foto_ktp_idx" ON "karyawan" USING btree ("foto_ktp") WHERE foto_ktp is not null;--> statement-breakpoint
CREATE INDEX "absensi_foto_masuk_idx" ON "absensi" USING btree ("foto_masuk") WHERE foto_masuk is not null;--> statement-breakpoint
CREATE INDEX "absensi_foto_keluar_idx" ON "absensi" USING btree ("foto_keluar") WHERE foto_keluar is not null;--> statement-breakpoint
CREATE INDEX "kunjungan_detail_in_foto_idx" ON "kunjungan_detail" USING btree ("in_foto") WHERE in_foto is not null;--> statement-breakpoint
CREATE INDEX "kunjungan_detail_out_foto_idx" ON "kunjungan_detail" USING btree ("out_foto") WHERE out_foto is not null;