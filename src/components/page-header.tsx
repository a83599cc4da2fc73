import { Flex, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="3" mb="4" flexWrap="wrap">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {actions && (
        <HStack gap="2" flexWrap="wrap">
          {actions}
        </HStack>
      )}
    </Flex>
  );
}
