import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startLoadingPage } from './app/start-page.ts';
import { retryFailedStylesheets } from './app/stylesheet-retry.ts';
import { FIRST_NAMESPACES } from './shared/i18n/first-namespaces.ts';
import { initI18n, loadAllNamespaces } from './shared/i18n/index.ts';
import { initSession, session } from './shared/session.ts';
import 'antd-mobile/es/global';
import './styles/theme.css';

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The other pages' texts, once the first page has rendered and the phone is idle (a page opened before then waits for its own).
  const loadRest = () => void loadAllNamespaces();
  if ('requestIdleCallback' in window) requestIdleCallback(loadRest, { timeout: 3000 });
  else setTimeout(loadRest, 1000);
}

retryFailedStylesheets();
initSession();
startLoadingPage(window.location.hash.replace(/^#/, '').split('?')[0] ?? '/');
// No top-level await: it would turn off the bundler's chunk merging and leave dozens of tiny chunks.
void initI18n(session.get().lang, FIRST_NAMESPACES).then(render);
