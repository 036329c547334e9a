// First: zod must be jitless before any schema parses (CSP without 'unsafe-eval').
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { applyPlatformBranding } from './lib/platform';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './styles.css';

applyPlatformBranding();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
