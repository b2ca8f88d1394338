import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PLATFORM_NAME } from '../protocol/limits';
import { App } from './App';

// Spec §9: the app mounts in the page element with id "app".
const root = document.getElementById('app');
if (root) {
  document.title = PLATFORM_NAME;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
