CREATE TABLE "absensi_koreksi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"tanggal" date NOT NULL,
	"jam_masuk_lama" time,
	"jam_keluar_lama" time,
	"jam_masuk" time,
	"jam_keluar" time,
	"alasan" varchar(255) NOT NULL,
	"foto" varchar(120),
	"status" varchar(1) DEFAULT 'N' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"tl_nrp" varchar(12),
	"tl_userid" varchar(6),
	"tl_status" varchar(1),
	"tl_at" timestamp with time zone,
	"tl_keterangan" varchar(255),
	"admin_userid" varchar(6),
	"admin_status" varchar(1),
	"admin_at" timestamp with time zone,
	"admin_keterangan" varchar(255),
	"created_by" varchar(6),
	"captured_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifikasi" (
	"id" serial PRIMARY KEY NOT NULL,
	"userid" varchar(6) NOT NULL,
	"jenis" varchar(24) NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" varchar(300) NOT NULL,
	"url" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifikasi_setting" (
	"userid" varchar(6) NOT NULL,
	"jenis" varchar(24) NOT NULL,
	"aktif" boolean NOT NULL,
	CONSTRAINT "notifikasi_setting_userid_jenis_pk" PRIMARY KEY("userid","jenis")
);
--> statement-breakpoint
CREATE TABLE "push_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" varchar(120) NOT NULL,
	"private_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"userid" varchar(6) NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "forgot_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "absensi" ADD COLUMN "pengingat" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "batas_check_out" time;--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD CONSTRAINT "absensi_koreksi_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD CONSTRAINT "absensi_koreksi_tl_userid_users_userid_fk" FOREIGN KEY ("tl_userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD CONSTRAINT "absensi_koreksi_admin_userid_users_userid_fk" FOREIGN KEY ("admin_userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_koreksi" ADD CONSTRAINT "absensi_koreksi_created_by_users_userid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikasi" ADD CONSTRAINT "notifikasi_userid_users_userid_fk" FOREIGN KEY ("userid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifikasi_setting" ADD CONSTRAINT "notifikasi_setting_userid_users_userid_fk" FOREIGN KEY ("userid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_userid_users_userid_fk" FOREIGN KEY ("userid") REFERENCES "public"."users"("userid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absensi_koreksi_nrp_idx" ON "absensi_koreksi" USING btree ("nrp","tanggal");--> statement-breakpoint
CREATE INDEX "absensi_koreksi_open_idx" ON "absensi_koreksi" USING btree ("step","tl_nrp") WHERE status = 'N';--> statement-breakpoint
CREATE INDEX "notifikasi_user_idx" ON "notifikasi" USING btree ("userid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifikasi_unread_idx" ON "notifikasi" USING btree ("userid") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("userid");--> statement-breakpoint
CREATE INDEX "absensi_open_day_idx" ON "absensi" USING btree ("tanggal","nrp") WHERE jam_masuk is not null and jam_keluar is null and forgot_checkout = false;