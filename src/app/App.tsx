import { RouterProvider } from '@tanstack/react-router';
import { ApiContext } from '../ui/http';
import { LanguageProvider } from './i18n/LanguageProvider';
import type { AppRouter } from './router';

/** The application root: language, the fetch wrapper for screens, and the router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <LanguageProvider>
      <ApiContext value={router.options.context.api}>
        <RouterProvider router={router} />
      </ApiContext>
    </LanguageProvider>
  );
}
