import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AUTH_MESSAGES } from '../domain/auth/auth';

export function NotAllowed() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{AUTH_MESSAGES.notAllowed}</EmptyState.Title>
          <EmptyState.Description>Anda tidak memiliki izin untuk membuka halaman ini.</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Until an area's own issue lands, its screens show this (and nothing pretends to work). */
export function BelumTersedia({ title }: { title: string }) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>Belum tersedia</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function PageNotFound(): ReactNode {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>Halaman tidak ditemukan</EmptyState.Title>
          <EmptyState.Description>Alamat yang Anda buka tidak ada.</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
