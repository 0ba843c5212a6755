import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const gateway = process.env.CITECHECK_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  // No React plugin: esbuild's automatic JSX runtime is all the build needs (no fast refresh).
  esbuild: { jsx: 'automatic' },
  // `@/` is web/src, as in tsconfig.json's paths and Jest's moduleNameMapper.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': gateway,
      '/graphql': gateway,
      '/ws': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Libraries ship "use client" directives for server-component bundlers; meaningless in a SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
});
