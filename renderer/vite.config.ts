// Renderer build: `npx vite build --config renderer/vite.config.ts` → dist/renderer/
// (served by the engine at `/`, loaded by the desktop window from the engine's URL).
// Dev: `npx vite --config renderer/vite.config.ts` proxies /api to a running engine
// (KIPU_ENGINE_URL, default http://127.0.0.1:8080).
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Browser mode has no Electron session to add the CSP header, so the built page carries
// its own policy. Only in the build: the dev server injects inline scripts (React refresh).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function cspMeta(): Plugin {
  return {
    name: 'kipu-csp-meta',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`);
    },
  };
}

const engine = process.env.KIPU_ENGINE_URL ?? 'http://127.0.0.1:8080';

// `--mode central` builds Kipu Central's dashboard instead (renderer/central.html → dist/central/,
// served by `npm run central`); the till's build is the default and does not change.
const central = {
  root: 'renderer',
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: '../dist/central',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
    rollupOptions: { input: { central: new URL('./central.html', import.meta.url).pathname } },
  },
  server: { proxy: { '/central': { target: process.env.KIPU_CENTRAL_DEV_URL ?? 'http://127.0.0.1:8090', changeOrigin: false } } },
};

export default defineConfig(({ mode }) => (mode === 'central' ? central : {
  root: 'renderer',
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
  },
  server: {
    proxy: { '/api': { target: engine, changeOrigin: false } },
  },
}));
