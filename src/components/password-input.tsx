import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password field with the show/hide toggle of the login screen. */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          aria-label={visible ? 'Sembunyikan password' : 'Tampilkan password'}
          onClick={() => setVisible((v) => !v)}
          me="-2"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} autoComplete="current-password" {...props} />
    </InputGroup>
  );
});
