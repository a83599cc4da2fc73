/**
 * A whole number written the Indonesian way: 10000 → '10.000', what `toLocaleString('id-ID')` writes.
 *
 * Without Intl on purpose: messages built when their module loads (the upload and report limits) call it,
 * and the first Intl call for a locale loads the browser's locale data — on a phone a long task of its own,
 * which the report messages' module used to run while the app chunk started (decision 011).
 */
export function angka(n: number): string {
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** A Rupiah amount in the documents and explanations the domain writes: 1500000 → 'Rp 1.500.000'. */
export const rupiahText = (n: number) => `Rp ${angka(n)}`;
