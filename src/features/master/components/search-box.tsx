import { Input, InputGroup } from '@chakra-ui/react';
import { useListSearch } from './use-list-search';

export function SearchBox({
  q,
  onChange,
  placeholder = 'Cari kode atau nama',
}: {
  q: string;
  onChange: (q: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useListSearch(q, onChange);
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
