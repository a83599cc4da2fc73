/**
 * Generated check-in photos for the fingerprint tests and benches: a seeded scene (a gradient, a dozen
 * shapes, grain) encoded as JPEG, and the changes a reused photo goes through (re-encoding, resizing,
 * a slight crop). Nothing is read from disk, so the tests own their data.
 */
import sharp from 'sharp';

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** A 1280×960 JPEG (about 250 KB at quality 85) of scene `seed`. */
export async function scene(seed: number, w = 1280, h = 960, quality = 85): Promise<Buffer> {
  const r = rng(seed);
  const c = () => `rgb(${Math.floor(r() * 255)},${Math.floor(r() * 255)},${Math.floor(r() * 255)})`;
  let shapes = '';
  for (let i = 0; i < 12; i++) {
    const x = r() * w;
    const y = r() * h;
    const s = 60 + r() * 300;
    shapes +=
      r() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${c()}"/>`
        : `<rect x="${x}" y="${y}" width="${s}" height="${s * 0.7}" fill="${c()}" transform="rotate(${r() * 60} ${x} ${y})"/>`;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" ` +
    `y1="0" x2="${r()}" y2="1"><stop offset="0" stop-color="${c()}"/><stop offset="1" stop-color="${c()}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const grain = Buffer.alloc(w * h * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.floor(r() * 40);
  const base = await sharp(Buffer.from(svg)).png().toBuffer();
  const overlay = await sharp(grain, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: overlay, blend: 'overlay' }])
    .jpeg({ quality })
    .toBuffer();
}

/** What a reused photo may have gone through on its way back: the same scene, other bytes. */
export async function variants(jpeg: Buffer): Promise<Record<string, Buffer>> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const dx = Math.round(width * 0.02);
  const dy = Math.round(height * 0.02);
  return {
    'quality 40': await sharp(jpeg).jpeg({ quality: 40 }).toBuffer(),
    'quality 95': await sharp(jpeg).jpeg({ quality: 95 }).toBuffer(),
    'resized -7%': await sharp(jpeg)
      .resize(Math.round(width * 0.93))
      .jpeg({ quality: 70 })
      .toBuffer(),
    'resized +5%': await sharp(jpeg)
      .resize(Math.round(width * 1.05))
      .jpeg({ quality: 80 })
      .toBuffer(),
    'cropped 2%': await sharp(jpeg)
      .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
      .jpeg({ quality: 80 })
      .toBuffer(),
  };
}
