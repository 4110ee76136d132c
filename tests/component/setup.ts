import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
// The client loads its toaster on the first toast; loaded here, a toast a test raises renders at
// once into the page's `#toasts` region, as in index.html, and can be read like the rest.
import "@/components/ui/toast-root";

const toasts = document.createElement("div");
toasts.id = "toasts";
document.body.append(toasts);

// Each test renders into a fresh document.
afterEach(() => cleanup());
