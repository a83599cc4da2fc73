import { Input, InputGroup } from '@chakra-ui/react';
import { useSearchText } from '../lib/use-search-text';

/** The search box of a list screen: what is typed goes to the URL's q 500 ms after typing stops. */
export function SearchBox({
  q,
  onChange,
  placeholder = 'Cari kode atau nama',
}: {
  q: string;
  onChange: (q: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useSearchText(q, onChange);
  return (
    <InputGroup maxW={{ base: 'full', md: 'sm' }}>
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        bg="bg"
      />
    </InputGroup>
  );
}
