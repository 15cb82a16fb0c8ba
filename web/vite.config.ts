import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // The CMS workspace hoists React 18 (Strapi's admin) to the repository root; the site is React 19.
    dedupe: ['react', 'react-dom', 'react-router'],
  },
  build: {
    assetsInlineLimit: 0,
  },
});
