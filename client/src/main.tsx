import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRouter } from "@/app/router";
import { TestModeBanner } from "@/components/test-mode-banner";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <TestModeBanner />
    <AppRouter />
  </StrictMode>,
);
