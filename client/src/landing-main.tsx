import { createRoot } from "react-dom/client";
import { TestModeBanner } from "@/components/test-mode-banner";
import LandingPage from "@/pages/landing";
import "./index.css";

// The landing page's document (landing.html, served for `/`): the page alone, on Preact's
// React-compatible runtime (vite.landing.config.ts). Its links lead to the app's document.
const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from landing.html");

createRoot(container).render(
  <>
    <TestModeBanner />
    <LandingPage />
  </>,
);
