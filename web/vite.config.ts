import { defineConfig } from 'vite';

const gateway = process.env.CITECHECK_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  // No React plugin: esbuild's automatic JSX runtime is all the build needs (no fast refresh).
  esbuild: { jsx: 'automatic' },
  server: {
    proxy: {
      '/api': gateway,
      '/graphql': gateway,
      '/ws': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
