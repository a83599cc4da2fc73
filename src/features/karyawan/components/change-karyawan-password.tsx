import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { NewPasswordPairSchema, type NewPasswordPairInput } from '../../../domain/auth/password-policy';
import { parsedFormResolver } from '../../../lib/form-resolver';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { changeKaryawanPassword } from '../api';

interface Props {
  open: boolean;
  nrp: string;
  /** "NRP - Nama", shown so the admin sees whose account changes. */
  who: string;
  onClose: () => void;
}

const EMPTY: NewPasswordPairInput = { new_password: '', confirm_password: '' };

/**
 * Change Password of the employee detail (spec part 1 §2): the admin sets the password of the employee's
 * login account, with the live checklist of the policy. The account must change it again at its next login.
 */
export function ChangeKaryawanPasswordDialog({ open, nrp, who, onClose }: Props) {
  const form = useForm<NewPasswordPairInput>({
    resolver: parsedFormResolver(NewPasswordPairSchema),
    defaultValues: EMPTY,
  });
  const mutation = useMutation({ ...changeKaryawanPassword(nrp), onError: (err) => notifyError(err) });
  const submit = (body: NewPasswordPairInput) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        close();
      },
    });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'new_password' });
  const confirm = useWatch({ control: form.control, name: 'confirm_password' });

  return (
    <FormDialog
      open={open}
      title="Change Password"
      formLabel="Change Password"
      onClose={close}
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      busy={mutation.isPending}
    >
      <Text textStyle="sm" color="fg.muted">
        Karyawan: <strong>{who}</strong>. Password wajib diganti saat login berikutnya.
      </Text>
      <NewPasswordFields
        newInput={form.register('new_password')}
        confirmInput={form.register('confirm_password')}
        errors={{ new: errors.new_password?.message, confirm: errors.confirm_password?.message }}
        password={newPassword}
        confirm={confirm}
      />
    </FormDialog>
  );
}
