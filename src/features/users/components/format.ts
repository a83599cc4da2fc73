import dayjs from 'dayjs';

/** Last login as the spec's display format (DD MMM YYYY) with the time; "-" when never. */
export function formatLastLogin(iso: string | null): string {
  return iso ? dayjs(iso).format('DD MMM YYYY HH:mm') : '-';
}
