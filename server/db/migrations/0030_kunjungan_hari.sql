CREATE TABLE "kunjungan_hari" (
	"no_dcp" varchar(30) NOT NULL,
	"tgl_dcp" date NOT NULL,
	"nrp" varchar(12) NOT NULL,
	"line_count" integer NOT NULL,
	"checked_in_count" integer NOT NULL,
	"shift_ids" varchar(10)[] NOT NULL,
	CONSTRAINT "kunjungan_hari_tgl_dcp_no_dcp_pk" PRIMARY KEY("tgl_dcp","no_dcp")
);
--> statement-breakpoint
DROP INDEX "kunjungan_nrp_idx";--> statement-breakpoint
ALTER TABLE "kunjungan_hari" ADD CONSTRAINT "kunjungan_hari_no_dcp_kunjungan_no_dcp_fk" FOREIGN KEY ("no_dcp") REFERENCES "public"."kunjungan"("no_dcp") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kunjungan_hari_nrp_idx" ON "kunjungan_hari" USING btree ("nrp","tgl_dcp");--> statement-breakpoint
CREATE INDEX "kunjungan_hari_day_idx" ON "kunjungan_hari" USING btree ("tgl_dcp","nrp","no_dcp","line_count","checked_in_count","shift_ids");--> statement-breakpoint
CREATE INDEX "kunjungan_nrp_dcp_idx" ON "kunjungan" USING btree ("nrp","no_dcp");--> statement-breakpoint
-- The plans' days as they stand (issue 42): one row per plan and day with lines.
INSERT INTO "kunjungan_hari" ("no_dcp", "tgl_dcp", "nrp", "line_count", "checked_in_count", "shift_ids")
SELECT d."no_dcp", d."tgl_dcp", h."nrp", count(*)::int, count(d."in_jam")::int,
       array_agg(DISTINCT d."shift_id" ORDER BY d."shift_id")
  FROM "kunjungan_detail" d JOIN "kunjungan" h ON h."no_dcp" = d."no_dcp"
 GROUP BY d."no_dcp", d."tgl_dcp", h."nrp";--> statement-breakpoint
-- Adds changes to plans' days: per entry a plan and day, its change of lines and of check-ins, the shift a
-- new line brings, and whether its shifts must be read again from its lines (a line left or changed shift).
-- Counts move by deltas: two check-ins committed at once both count.
CREATE FUNCTION "kunjungan_hari_add"(p_no_dcp varchar[], p_tgl date[], p_lines int[], p_checked int[],
                                     p_shift varchar[], p_recount boolean[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT u.no_dcp, u.tgl, sum(u.dl)::int AS dl, sum(u.dc)::int AS dc,
           coalesce(array_agg(DISTINCT u.shift ORDER BY u.shift) FILTER (WHERE u.shift IS NOT NULL), '{}') AS shifts
      FROM unnest(p_no_dcp, p_tgl, p_lines, p_checked, p_shift) AS u(no_dcp, tgl, dl, dc, shift)
     GROUP BY u.no_dcp, u.tgl
  )
  INSERT INTO kunjungan_hari AS s (no_dcp, tgl_dcp, nrp, line_count, checked_in_count, shift_ids)
  SELECT d.no_dcp, d.tgl, h.nrp, d.dl, d.dc, d.shifts FROM d JOIN kunjungan h ON h.no_dcp = d.no_dcp
  ON CONFLICT (tgl_dcp, no_dcp) DO UPDATE SET
    line_count = s.line_count + excluded.line_count,
    checked_in_count = s.checked_in_count + excluded.checked_in_count,
    shift_ids = ARRAY(SELECT DISTINCT x FROM unnest(s.shift_ids || excluded.shift_ids) AS x ORDER BY x);
  -- A check-in only adds: no shift list to read again, no day left without lines.
  IF NOT (true = ANY(p_recount)) THEN
    RETURN;
  END IF;
  UPDATE kunjungan_hari s
     SET shift_ids = coalesce((SELECT array_agg(DISTINCT l.shift_id ORDER BY l.shift_id) FROM kunjungan_detail l
                                WHERE l.no_dcp = s.no_dcp AND l.tgl_dcp = s.tgl_dcp), '{}')
    FROM (SELECT DISTINCT u.no_dcp, u.tgl FROM unnest(p_no_dcp, p_tgl, p_recount) AS u(no_dcp, tgl, recount)
           WHERE u.recount) k
   WHERE s.no_dcp = k.no_dcp AND s.tgl_dcp = k.tgl;
  DELETE FROM kunjungan_hari s
   USING (SELECT DISTINCT u.no_dcp, u.tgl FROM unnest(p_no_dcp, p_tgl) AS u(no_dcp, tgl)) k
   WHERE s.no_dcp = k.no_dcp AND s.tgl_dcp = k.tgl AND s.line_count <= 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "kunjungan_hari_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a_no varchar[]; a_tgl date[]; a_l int[]; a_c int[]; a_s varchar[]; a_r boolean[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.no_dcp), array_agg(n.tgl_dcp), array_agg(1), array_agg((n.in_jam IS NOT NULL)::int),
           array_agg(n.shift_id), array_agg(false)
      INTO a_no, a_tgl, a_l, a_c, a_s, a_r FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.no_dcp), array_agg(o.tgl_dcp), array_agg(-1), array_agg(-(o.in_jam IS NOT NULL)::int),
           array_agg(NULL::varchar), array_agg(true)
      INTO a_no, a_tgl, a_l, a_c, a_s, a_r FROM old_rows o;
  ELSE
    -- Only a line that changed plan, day, shift or check-in moves a count: a check-out or a flag does not.
    SELECT array_agg(x.no_dcp), array_agg(x.tgl_dcp), array_agg(x.l), array_agg(x.c), array_agg(x.s), array_agg(x.r)
      INTO a_no, a_tgl, a_l, a_c, a_s, a_r
      FROM (
        SELECT o.no_dcp, o.tgl_dcp, -1 AS l, -(o.in_jam IS NOT NULL)::int AS c, NULL::varchar AS s,
               (o.no_dcp, o.tgl_dcp, o.shift_id) IS DISTINCT FROM (n.no_dcp, n.tgl_dcp, n.shift_id) AS r
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.no_dcp, o.tgl_dcp, o.shift_id, o.in_jam IS NULL) IS DISTINCT FROM (n.no_dcp, n.tgl_dcp, n.shift_id, n.in_jam IS NULL)
        UNION ALL
        SELECT n.no_dcp, n.tgl_dcp, 1, (n.in_jam IS NOT NULL)::int, n.shift_id, false
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.no_dcp, o.tgl_dcp, o.shift_id, o.in_jam IS NULL) IS DISTINCT FROM (n.no_dcp, n.tgl_dcp, n.shift_id, n.in_jam IS NULL)
      ) x;
  END IF;
  IF a_no IS NOT NULL THEN
    PERFORM kunjungan_hari_add(a_no, a_tgl, a_l, a_c, a_s, a_r);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kunjungan_hari_insert" AFTER INSERT ON "kunjungan_detail"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kunjungan_hari_sync();--> statement-breakpoint
CREATE TRIGGER "kunjungan_hari_update" AFTER UPDATE ON "kunjungan_detail"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kunjungan_hari_sync();--> statement-breakpoint
CREATE TRIGGER "kunjungan_hari_delete" AFTER DELETE ON "kunjungan_detail"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kunjungan_hari_sync();--> statement-breakpoint
-- A plan given to another employee takes its days along.
CREATE FUNCTION "kunjungan_hari_nrp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kunjungan_hari SET nrp = NEW.nrp WHERE no_dcp = NEW.no_dcp;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kunjungan_hari_nrp" AFTER UPDATE OF "nrp" ON "kunjungan"
  FOR EACH ROW WHEN (OLD."nrp" IS DISTINCT FROM NEW."nrp") EXECUTE FUNCTION kunjungan_hari_nrp();
