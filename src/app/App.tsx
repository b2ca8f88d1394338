import { PLATFORM_NAME } from '../protocol/limits';

/**
 * The application root. The router, guards and screens arrive with the client core; until then
 * the page names the product so a started server shows it is serving the app.
 */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '10vh auto', padding: 24 }}>
      <h1>{PLATFORM_NAME}</h1>
      <p>One inbox for every customer conversation.</p>
    </main>
  );
}
