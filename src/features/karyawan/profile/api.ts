/** The own profile (/profile): its query lives in src/lib, read by the field screens too. */
import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from '../../../lib/own-profile';
import { requestKeys } from '../requests/api';

export { ownProfileQuery, profileKeys } from '../../../lib/own-profile';

/** A request of this account reached the server: its own list and (once approved) its record change. */
export const refreshOwnProfile = (qc: QueryClient, userid: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: requestKeys.own(userid) }),
    qc.invalidateQueries({ queryKey: profileKeys.me(userid) }),
  ]);
