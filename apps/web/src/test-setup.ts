import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The app's React 19 bridge for antd-mobile's imperative toasts and dialogs, as main.tsx loads it through App.
import './app/antd-react19.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
