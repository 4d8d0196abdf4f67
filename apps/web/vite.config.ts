import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.js';

const api = 'http://localhost:8000';

// In development the SPA runs on port 3000 and every server path goes to the API on 8000
// (SPEC.md §7: "development port 3000 maps to 8000"), so cookies stay same-origin.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 3000,
    strictPort: true,
    // A regular expression, not prefixes: a plain '/t' would also catch the SPA's /tenants.
    proxy: {
      '^/(api|content|t|embed)(/|$)': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
