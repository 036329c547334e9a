import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

/**
 * The public traceability page is its own small entry (trace.html, src/trace); the API serves it
 * for /trace/*. In development Vite does the same, so both entries behave as in production.
 */
function traceEntryInDev(): Plugin {
  return {
    name: 'agrihub-trace-entry-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/trace/')) req.url = '/trace.html';
        next();
      });
    },
  };
}

/**
 * The API (apps/server) serves the built app from apps/web/dist on the same origin.
 * In development Vite proxies the API paths to it. The Platform is picked from the host, so
 * open http://agrihub.localhost:5173 (or dtrack./foodmap.) — `*.localhost` needs no set-up.
 */
export default defineConfig({
  plugins: [react(), traceEntryInDev()],
  server: {
    port: 5173,
    host: true,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/oauth': { target: API, changeOrigin: false },
      '/uploads': { target: API, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets the size report follow each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Two pages: the app (index.html) and the public traceability page (trace.html, src/trace/),
      // which shares only React with the app and never loads antd, redux or the admin code.
      input: { main: 'index.html', trace: 'trace.html' },
      output: {
        // Routes are lazy (app/router.tsx). Only the framework every page needs is grouped here,
        // so the public pages never download the private frame, tables, tabs or uploads.
        // `react` is all the trace page shares with the app; the router (and its cookie helpers)
        // is a group of its own that only the app entry imports.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|i18next|react-i18next|i18next-http-backend)[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
