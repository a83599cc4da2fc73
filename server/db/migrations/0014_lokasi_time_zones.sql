-- Locations get their time zone, and what employees there recorded from the field is read again in it
-- (docs/decisions/020-time-zones.md). Until now every day and time was taken in Asia/Jakarta.
--
-- 1. Locations whose name lies clearly in WITA or WIT (the demo seed's cities, and the other main
--    cities of those zones); a location already set to another zone is left as it is.
UPDATE "lokasi" SET "time_zone" = 'Asia/Makassar'
WHERE "time_zone" = 'Asia/Jakarta'
  AND "nama" ~* '(makassar|denpasar|bali|balikpapan|samarinda|banjarmasin|manado|kupang|mataram|palu|kendari|gorontalo|tarakan|bontang|bitung)';--> statement-breakpoint
UPDATE "lokasi" SET "time_zone" = 'Asia/Jayapura'
WHERE "time_zone" = 'Asia/Jakarta'
  AND "nama" ~* '(jayapura|ambon|sorong|manokwari|merauke|ternate|timika|biak|nabire)';--> statement-breakpoint
-- 2. The employee's own check-ins and check-outs (sumber 'S', with the device instant) of employees in
--    those locations: tanggal, tahun, bulan, jam_masuk and jam_keluar are the instant's local day and
--    time. Indonesia has no daylight saving, so each zone is a fixed offset from UTC. A row whose new
--    day is already taken by another row of the same employee (before this update) is left as it is.
WITH "moved" AS (
  SELECT a."id",
    ((a."masuk_captured_at" AT TIME ZONE 'UTC') + z."off")::date AS "tanggal",
    date_trunc('second', (a."masuk_captured_at" AT TIME ZONE 'UTC') + z."off")::time AS "jam_masuk",
    date_trunc('second', (a."keluar_captured_at" AT TIME ZONE 'UTC') + z."off")::time AS "jam_keluar",
    a."nrp"
  FROM "absensi" a
  JOIN "karyawan" k ON k."nrp" = a."nrp"
  JOIN "lokasi" l ON l."id" = k."kode_lokasi"
  JOIN (VALUES ('Asia/Makassar', interval '8 hours'), ('Asia/Jayapura', interval '9 hours')) AS z("tz", "off")
    ON z."tz" = l."time_zone"
  WHERE a."sumber" = 'S' AND a."masuk_captured_at" IS NOT NULL
)
UPDATE "absensi" a
SET "tanggal" = m."tanggal",
  "tahun" = extract(year FROM m."tanggal")::int,
  "bulan" = extract(month FROM m."tanggal")::int,
  "jam_masuk" = m."jam_masuk",
  "jam_keluar" = coalesce(m."jam_keluar", a."jam_keluar")
FROM "moved" m
WHERE a."id" = m."id"
  AND NOT EXISTS (
    SELECT 1 FROM "absensi" o WHERE o."nrp" = m."nrp" AND o."tanggal" = m."tanggal" AND o."id" <> m."id"
  );--> statement-breakpoint
-- 3. Store-visit check-in and check-out times (the line's day is the plan's and stays).
UPDATE "kunjungan_detail" d
SET "in_jam" = coalesce(date_trunc('second', (d."in_captured_at" AT TIME ZONE 'UTC') + z."off")::time, d."in_jam"),
  "out_jam" = coalesce(date_trunc('second', (d."out_captured_at" AT TIME ZONE 'UTC') + z."off")::time, d."out_jam")
FROM "kunjungan" p
JOIN "karyawan" k ON k."nrp" = p."nrp"
JOIN "lokasi" l ON l."id" = k."kode_lokasi"
JOIN (VALUES ('Asia/Makassar', interval '8 hours'), ('Asia/Jayapura', interval '9 hours')) AS z("tz", "off")
  ON z."tz" = l."time_zone"
WHERE p."no_dcp" = d."no_dcp"
  AND (d."in_captured_at" IS NOT NULL OR d."out_captured_at" IS NOT NULL);
