import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRouter, preloadRoute } from "@/app/router";
import { TestModeBanner } from "@/components/test-mode-banner";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// The first address's chunks arrive before the first render (`preloadable`); if one cannot be
// fetched, the app renders anyway and its lazy page says so where it would have loaded.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <TestModeBanner />
        <AppRouter />
      </StrictMode>,
    ),
  );
