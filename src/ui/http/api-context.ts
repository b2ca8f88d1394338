import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client';

/** The app's fetch wrapper, provided once by the shell so screens share its status handling. */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside an ApiContext provider');
  return api;
}
