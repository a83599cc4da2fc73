import {
  emptyTrustee,
  type UserCreateInput,
  type UserDetail,
  type UserFormValues,
  type UserUpdateInput,
} from '../../../domain/users/users';

export const blankUser = (): UserFormValues => ({
  userid: '',
  username: '',
  nama: '',
  password: '',
  confirm_password: '',
  // A password an administrator typed is known to them: the user should choose their own at first login.
  reset_password: true,
  role: '',
  is_active: true,
  nrp: '',
  trustee: emptyTrustee(),
});

export const formValuesOf = (u: UserDetail): UserFormValues => ({
  userid: u.userid,
  username: u.username,
  nama: u.nama,
  password: '',
  confirm_password: '',
  reset_password: u.reset_password,
  role: u.role,
  is_active: u.is_active,
  nrp: u.nrp ?? '',
  trustee: u.trustee,
});

export const createBody = (v: UserFormValues): UserCreateInput => ({
  userid: v.userid,
  username: v.username,
  nama: v.nama,
  password: v.password,
  reset_password: v.reset_password,
  role: v.role,
  is_active: v.is_active,
  nrp: v.nrp || null,
  trustee: v.trustee,
});

/** A blank password is left out: the server keeps the current one. */
export const updateBody = (v: UserFormValues): UserUpdateInput => ({
  username: v.username,
  nama: v.nama,
  ...(v.password ? { password: v.password } : {}),
  reset_password: v.reset_password,
  role: v.role,
  is_active: v.is_active,
  nrp: v.nrp || null,
  trustee: v.trustee,
});
