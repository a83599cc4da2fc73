CREATE TABLE "login_locks" (
	"username" varchar(40) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" varchar(5) PRIMARY KEY NOT NULL,
	"nama" varchar(40) NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"userid" varchar(6) PRIMARY KEY NOT NULL,
	"username" varchar(40) NOT NULL,
	"nama" varchar(40) NOT NULL,
	"password_hash" text NOT NULL,
	"reset_password" boolean DEFAULT false NOT NULL,
	"role" varchar(5) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"app_version" varchar(40),
	"trustee" jsonb,
	"nrp" varchar(12),
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "karyawan" (
	"nrp" varchar(12) PRIMARY KEY NOT NULL,
	"nama" varchar(40) NOT NULL,
	"jenis_kelamin" varchar(1) NOT NULL,
	"nik" varchar(18),
	"tempat_lahir" varchar(40),
	"tgl_lahir" date,
	"alamat1" varchar(40),
	"alamat2" varchar(40),
	"kode_pos" varchar(5),
	"email" varchar(40),
	"telp_hp" varchar(15),
	"status_kel" varchar(1) DEFAULT 'T' NOT NULL,
	"jumlah_anak" integer DEFAULT 0 NOT NULL,
	"agama_id" integer,
	"pendidikan_id" integer,
	"foto_kar" varchar(120),
	"foto_ktp" varchar(120),
	"kode_prsh" varchar(4) NOT NULL,
	"kode_lokasi" varchar(10) NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"jobclass" integer,
	"rek_bca" varchar(12),
	"tgl_awkerja" date,
	"type_spg_id" varchar(10) NOT NULL,
	"jabatan_id" varchar(10),
	"departemen_id" varchar(10) NOT NULL,
	"divisi_id" varchar(10),
	"client_id" varchar(10),
	"cust_code" varchar(20),
	"sales_office_id" varchar(4),
	"route_list_id" varchar(5),
	"pin" varchar(20),
	"team_leader_nrp" varchar(12),
	"npwp" varchar(20),
	"tgl_npwp" date,
	"tgl_pph" date,
	"bpjs_kes" varchar(1) DEFAULT 'Y' NOT NULL,
	"ka_bpjs_kes" varchar(20),
	"ka_bpjs_tk" varchar(20),
	"bopk" varchar(1) DEFAULT 'T' NOT NULL,
	"bp" varchar(1) DEFAULT 'T' NOT NULL,
	"inhealth" varchar(1) DEFAULT 'T' NOT NULL,
	"tg" varchar(1) DEFAULT 'T' NOT NULL,
	"jum_inhealth" integer DEFAULT 0 NOT NULL,
	"kode_umr" varchar(10) NOT NULL,
	"gapok" integer DEFAULT 0 NOT NULL,
	"tun_makan" integer DEFAULT 0 NOT NULL,
	"tun_bensin" integer DEFAULT 0 NOT NULL,
	"tun_lain" integer DEFAULT 0 NOT NULL,
	"sts_kontrak" varchar(1) DEFAULT 'B' NOT NULL,
	"per_kontrak" integer DEFAULT 1 NOT NULL,
	"lama_kontrak" integer,
	"mulai_kontrak" date,
	"selesai_kontrak" date,
	"no_kontrak" varchar(40),
	"tgl_p3" date,
	"no_pb" varchar(40),
	"alasan_p3" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kontrak" (
	"no_kontrak" varchar(40) PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"per_kontrak" integer NOT NULL,
	"lama_kontrak" integer NOT NULL,
	"mulai_kontrak" date NOT NULL,
	"selesai_kontrak" date NOT NULL,
	"sts_kontrak" varchar(1) DEFAULT 'B' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absensi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"tanggal" date NOT NULL,
	"tahun" integer NOT NULL,
	"bulan" integer NOT NULL,
	"shift_id" varchar(10),
	"sts_abs_id" varchar(4) NOT NULL,
	"jam_masuk" time,
	"jam_keluar" time,
	"foto_masuk" varchar(120),
	"foto_keluar" varchar(120),
	"sumber" varchar(1) DEFAULT 'S' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absensi_nrp_tanggal_uq" UNIQUE("nrp","tanggal")
);
--> statement-breakpoint
CREATE TABLE "kunjungan" (
	"no_dcp" varchar(30) PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"shift_id" varchar(10) NOT NULL,
	"period_id" varchar(6) NOT NULL,
	"tgl_period1" date NOT NULL,
	"tgl_period2" date NOT NULL,
	"route_list_id" varchar(5),
	CONSTRAINT "kunjungan_nrp_period_uq" UNIQUE("nrp","period_id")
);
--> statement-breakpoint
CREATE TABLE "kunjungan_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"no_dcp" varchar(30) NOT NULL,
	"tgl_dcp" date NOT NULL,
	"shift_id" varchar(10) NOT NULL,
	"cust_code" varchar(20) NOT NULL,
	"in_jam" time,
	"in_lat" double precision,
	"in_long" double precision,
	"in_foto" varchar(120),
	"in_desc" varchar(255),
	"out_jam" time,
	"out_lat" double precision,
	"out_long" double precision,
	"out_foto" varchar(120),
	"out_desc" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "client" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departemen" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisi" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jabatan" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "karyawan_type" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"type" varchar(40) NOT NULL,
	"tun_makan" integer DEFAULT 0 NOT NULL,
	"tun_bensin" integer DEFAULT 0 NOT NULL,
	"tun_lain" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_account" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lokasi" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL,
	"alamat" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "period" (
	"id" varchar(6) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"mulai" date NOT NULL,
	"akhir" date NOT NULL,
	"jum_hk" integer NOT NULL,
	"status" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perusahaan" (
	"kode_prsh" varchar(4) PRIMARY KEY NOT NULL,
	"nama" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_office" (
	"id" varchar(4) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL,
	"jam_mulai" time NOT NULL,
	"jam_selesai" time NOT NULL,
	"ada_uang_shift" varchar(1) DEFAULT 'T' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_absensi" (
	"id" varchar(4) PRIMARY KEY NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "umr" (
	"id" varchar(10) PRIMARY KEY NOT NULL,
	"area" varchar(40) NOT NULL,
	"tahun" integer NOT NULL,
	"umr" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matrix_kunjungan" (
	"route_list_id" varchar(5) NOT NULL,
	"cust_code" varchar(20) NOT NULL,
	"pattern" varchar(35) NOT NULL,
	CONSTRAINT "matrix_kunjungan_route_list_id_cust_code_pk" PRIMARY KEY("route_list_id","cust_code")
);
--> statement-breakpoint
CREATE TABLE "route_list" (
	"id" varchar(5) PRIMARY KEY NOT NULL,
	"kode_prsh" varchar(4) NOT NULL,
	"nama" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store" (
	"cust_code" varchar(20) PRIMARY KEY NOT NULL,
	"cust_name" varchar(40) NOT NULL,
	"kunnr" varchar(10),
	"sales_office_id" varchar(4),
	"cust_address" varchar(255),
	"cust_zip" varchar(5),
	"cust_lat" double precision,
	"cust_long" double precision,
	"cust_contact" varchar(40),
	"cust_telp" varchar(15),
	"cust_email" varchar(40),
	"cust_key_account" varchar(10),
	"cust_type" varchar(4),
	"client_id" varchar(10)
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_roles_id_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_kode_lokasi_lokasi_id_fk" FOREIGN KEY ("kode_lokasi") REFERENCES "public"."lokasi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_type_spg_id_karyawan_type_id_fk" FOREIGN KEY ("type_spg_id") REFERENCES "public"."karyawan_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_jabatan_id_jabatan_id_fk" FOREIGN KEY ("jabatan_id") REFERENCES "public"."jabatan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_departemen_id_departemen_id_fk" FOREIGN KEY ("departemen_id") REFERENCES "public"."departemen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_divisi_id_divisi_id_fk" FOREIGN KEY ("divisi_id") REFERENCES "public"."divisi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_cust_code_store_cust_code_fk" FOREIGN KEY ("cust_code") REFERENCES "public"."store"("cust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_sales_office_id_sales_office_id_fk" FOREIGN KEY ("sales_office_id") REFERENCES "public"."sales_office"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_route_list_id_route_list_id_fk" FOREIGN KEY ("route_list_id") REFERENCES "public"."route_list"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan" ADD CONSTRAINT "karyawan_kode_umr_umr_id_fk" FOREIGN KEY ("kode_umr") REFERENCES "public"."umr"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kontrak" ADD CONSTRAINT "kontrak_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_sts_abs_id_status_absensi_id_fk" FOREIGN KEY ("sts_abs_id") REFERENCES "public"."status_absensi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan" ADD CONSTRAINT "kunjungan_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan" ADD CONSTRAINT "kunjungan_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan" ADD CONSTRAINT "kunjungan_period_id_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan" ADD CONSTRAINT "kunjungan_route_list_id_route_list_id_fk" FOREIGN KEY ("route_list_id") REFERENCES "public"."route_list"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD CONSTRAINT "kunjungan_detail_no_dcp_kunjungan_no_dcp_fk" FOREIGN KEY ("no_dcp") REFERENCES "public"."kunjungan"("no_dcp") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD CONSTRAINT "kunjungan_detail_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kunjungan_detail" ADD CONSTRAINT "kunjungan_detail_cust_code_store_cust_code_fk" FOREIGN KEY ("cust_code") REFERENCES "public"."store"("cust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client" ADD CONSTRAINT "client_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departemen" ADD CONSTRAINT "departemen_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisi" ADD CONSTRAINT "divisi_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jabatan" ADD CONSTRAINT "jabatan_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karyawan_type" ADD CONSTRAINT "karyawan_type_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lokasi" ADD CONSTRAINT "lokasi_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period" ADD CONSTRAINT "period_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_office" ADD CONSTRAINT "sales_office_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_kunjungan" ADD CONSTRAINT "matrix_kunjungan_route_list_id_route_list_id_fk" FOREIGN KEY ("route_list_id") REFERENCES "public"."route_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_kunjungan" ADD CONSTRAINT "matrix_kunjungan_cust_code_store_cust_code_fk" FOREIGN KEY ("cust_code") REFERENCES "public"."store"("cust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_list" ADD CONSTRAINT "route_list_kode_prsh_perusahaan_kode_prsh_fk" FOREIGN KEY ("kode_prsh") REFERENCES "public"."perusahaan"("kode_prsh") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_sales_office_id_sales_office_id_fk" FOREIGN KEY ("sales_office_id") REFERENCES "public"."sales_office"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_cust_key_account_key_account_id_fk" FOREIGN KEY ("cust_key_account") REFERENCES "public"."key_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_nrp_idx" ON "users" USING btree ("nrp");--> statement-breakpoint
CREATE INDEX "karyawan_lokasi_idx" ON "karyawan" USING btree ("kode_lokasi");--> statement-breakpoint
CREATE INDEX "karyawan_selesai_kontrak_idx" ON "karyawan" USING btree ("selesai_kontrak");--> statement-breakpoint
CREATE INDEX "karyawan_team_leader_idx" ON "karyawan" USING btree ("team_leader_nrp");--> statement-breakpoint
CREATE INDEX "kontrak_nrp_idx" ON "kontrak" USING btree ("nrp");--> statement-breakpoint
CREATE INDEX "absensi_tanggal_idx" ON "absensi" USING btree ("tanggal");--> statement-breakpoint
CREATE INDEX "kunjungan_nrp_idx" ON "kunjungan" USING btree ("nrp");--> statement-breakpoint
CREATE INDEX "kunjungan_detail_dcp_date_idx" ON "kunjungan_detail" USING btree ("no_dcp","tgl_dcp");--> statement-breakpoint
CREATE INDEX "kunjungan_detail_date_idx" ON "kunjungan_detail" USING btree ("tgl_dcp");--> statement-breakpoint
CREATE INDEX "store_client_idx" ON "store" USING btree ("client_id");