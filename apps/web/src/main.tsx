import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './shared/i18n/index.ts';
import { initSession, session } from './shared/session.ts';
import './styles/theme.css';

initSession();
await initI18n(session.get().lang);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
