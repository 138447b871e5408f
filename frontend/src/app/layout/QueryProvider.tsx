import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** One client for the whole page life, so cached data (the session…) survives moving between pages. */
let client: QueryClient | null = null;

export function getQueryClient(): QueryClient {
  return (client ??= createQueryClient());
}

/**
 * TanStack Query for the browser-only pages (sign-in, member area, checkout). Loaded with those pages,
 * so the marketing pages do not ship it.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
