import { YA_TIDAK } from '../../domain/enums';

export const yaTidak = (flag: string | null | undefined) => (flag === 'Y' ? YA_TIDAK.Y : YA_TIDAK.T);
