// Vite build of the staff console into client/backoffice/dist, served by the server at /backoffice
// (src/http/backoffice/index.ts: the HTML with its CSP, hashed assets cached for a year).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/backoffice/',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: { input: { backoffice: `${root}backoffice.html` } },
  },
});
