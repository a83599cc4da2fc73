CREATE TABLE "jenis_cuti" (
	"jenis_cuti_id" serial PRIMARY KEY NOT NULL,
	"jenis_cuti" varchar(60) NOT NULL,
	"lama_hari" integer NOT NULL,
	"potong_tahunan" boolean DEFAULT true NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "jenis_cuti_jenis_cuti_unique" UNIQUE("jenis_cuti")
);
--> statement-breakpoint
CREATE TABLE "jenis_leave" (
	"id" serial PRIMARY KEY NOT NULL,
	"jenis_leave" varchar(60) NOT NULL,
	"type" varchar(20) NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "jenis_leave_jenis_leave_unique" UNIQUE("jenis_leave")
);
--> statement-breakpoint
CREATE TABLE "leave" (
	"leave_id" serial PRIMARY KEY NOT NULL,
	"nomor" varchar(20) DEFAULT '' NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"jenis_leave_id" integer NOT NULL,
	"jenis_cuti_id" integer,
	"lama_hari" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"tanggal" date NOT NULL,
	"hari_request" date,
	"periode" varchar(6),
	"kunjungan_detail_id" integer,
	"shift_id" varchar(10),
	"shift_request" varchar(10),
	"keterangan" varchar(255),
	"status" varchar(20) DEFAULT 'Pending' NOT NULL,
	"attachment" varchar(120),
	"attachment_name" varchar(255),
	"attachment_type" varchar(40),
	"created_by" varchar(6),
	"captured_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_approval" (
	"approval_id" serial PRIMARY KEY NOT NULL,
	"leave_id" integer NOT NULL,
	"approval_num" integer NOT NULL,
	"approval_role" varchar(5) NOT NULL,
	"approval_nrp" varchar(12),
	"approval_status" varchar(1) DEFAULT 'N' NOT NULL,
	"approval_userid" varchar(6),
	"approval_date" timestamp with time zone,
	"received_at" timestamp with time zone,
	"keterangan" varchar(255),
	CONSTRAINT "leave_approval_step_uq" UNIQUE("leave_id","approval_num")
);
--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_nrp_karyawan_nrp_fk" FOREIGN KEY ("nrp") REFERENCES "public"."karyawan"("nrp") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_jenis_leave_id_jenis_leave_id_fk" FOREIGN KEY ("jenis_leave_id") REFERENCES "public"."jenis_leave"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_jenis_cuti_id_jenis_cuti_jenis_cuti_id_fk" FOREIGN KEY ("jenis_cuti_id") REFERENCES "public"."jenis_cuti"("jenis_cuti_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_periode_period_id_fk" FOREIGN KEY ("periode") REFERENCES "public"."period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_kunjungan_detail_id_kunjungan_detail_id_fk" FOREIGN KEY ("kunjungan_detail_id") REFERENCES "public"."kunjungan_detail"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_shift_request_shift_id_fk" FOREIGN KEY ("shift_request") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_created_by_users_userid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_approval" ADD CONSTRAINT "leave_approval_leave_id_leave_leave_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."leave"("leave_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_approval" ADD CONSTRAINT "leave_approval_approval_userid_users_userid_fk" FOREIGN KEY ("approval_userid") REFERENCES "public"."users"("userid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_nrp_start_idx" ON "leave" USING btree ("nrp","start_date");--> statement-breakpoint
CREATE INDEX "leave_start_idx" ON "leave" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "leave_status_idx" ON "leave" USING btree ("status");--> statement-breakpoint
CREATE INDEX "leave_periode_idx" ON "leave" USING btree ("periode");--> statement-breakpoint
CREATE INDEX "leave_approval_nrp_idx" ON "leave_approval" USING btree ("approval_nrp","approval_status");--> statement-breakpoint
CREATE INDEX "leave_approval_role_idx" ON "leave_approval" USING btree ("approval_role","approval_status");--> statement-breakpoint
CREATE INDEX "leave_approval_user_idx" ON "leave_approval" USING btree ("approval_userid","approval_status");