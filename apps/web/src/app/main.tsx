// First: before any shared zod schema is created (see the module).
import '../lib/zod-jitless';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n';
import { App } from './app';

async function start() {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
