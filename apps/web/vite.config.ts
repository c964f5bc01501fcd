import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { precompressPlugin } from "./scripts/precompress";

const API_TARGET = process.env.KUNTO_API_URL ?? "http://localhost:3000";

/**
 * The server rejects cookie-carrying writes from a foreign Origin (CSRF guard), so the dev
 * proxy presents requests as coming from the API's own origin.
 */
const proxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  configure: (server) => {
    server.on("proxyReq", (req) => {
      if (req.getHeader("origin")) req.setHeader("origin", new URL(API_TARGET).origin);
      req.removeHeader("referer");
    });
  },
};

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ failOnCompileError: true }),
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    proxy: { "/trpc": proxy, "/api": proxy },
  },
  build: {
    target: "es2022",
    // The lazily loaded password estimator chunk is ~1.7 MB (its dictionaries); all else is small.
    chunkSizeWarningLimit: 1800,
    rollupOptions: {
      // Two pages: the admin app, and the public respondent page served at /public/ (its own small
      // entry: React without Mantine, the router or the query library).
      input: { main: "index.html", respondent: "respondent.html" },
    },
  },
});
