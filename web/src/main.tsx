import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { StartupError } from './app/startup-error.tsx';
import { loadRuntimeConfig, setRuntimeConfig } from './lib/runtime-config.ts';

const root = createRoot(document.getElementById('root')!);

// The runtime config (auth service URL, simulator flag) is read once, before the router renders.
loadRuntimeConfig().then(
  (config) => {
    setRuntimeConfig(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('Could not load /config.json', error);
    root.render(
      <AppProviders queryClient={createQueryClient()}>
        <StartupError />
      </AppProviders>,
    );
  },
);
