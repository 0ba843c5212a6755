import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { env } from './config/env';
import { setApiBaseUrl } from './lib/api-client';

setApiBaseUrl(env.API_URL);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
