// Vite build of the game client and the demo lobby into client/dist, served by the server under
// /gs2c (hashed files cached for a year; the HTML is a template the server fills per request).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/gs2c/',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      input: { play: `${root}play.html`, lobby: `${root}lobby.html`, round: `${root}round.html` },
    },
  },
});
