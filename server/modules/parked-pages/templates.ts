import type { TPageTemplate } from "../../../shared/api/parked-pages";

/** What sets a template apart beyond its stylesheet: how its header and footer read. */
export interface TemplateLook {
  css: string;
  /** The line above the domain's name in the header, or null for no header. */
  eyebrow: string | null;
  footer: string;
}

const BASE =
  "*{box-sizing:border-box}body{margin:0;line-height:1.55}h1,h2{overflow-wrap:anywhere}img{max-width:100%;height:auto}" +
  "main{margin:0 auto;padding:1.5rem}form{display:grid;gap:.6rem}label{display:grid;gap:.25rem;font-size:.9rem}" +
  "input,textarea{font:inherit;padding:.6rem .7rem;border:1px solid #9ca3af;border-radius:6px}" +
  "button{font:inherit;font-weight:600;padding:.7rem 1rem;border:0;border-radius:6px;cursor:pointer}" +
  ".consent{font-size:.75rem;opacity:.8;margin:0}.msg:empty{display:none}.price{font-size:1.6rem;font-weight:700;margin:.2rem 0}" +
  ".links ul{list-style:none;padding:0;margin:0;display:grid;gap:.4rem}footer{font-size:.8rem;padding:1.5rem;text-align:center}" +
  "footer a{color:inherit}.sale .act{display:flex;gap:.6rem;flex-wrap:wrap}.sale .act a{padding:.5rem .9rem;border-radius:6px;text-decoration:none;font-weight:600}";

export const TEMPLATES: Record<TPageTemplate, TemplateLook> = {
  standard: {
    eyebrow: "Welcome to",
    footer: "This domain is parked.",
    css:
      `${BASE}body{font-family:system-ui,sans-serif;color:#111827;background:#f3f6fb}` +
      "header{background:linear-gradient(135deg,#1d4ed8,#7c3aed);color:#fff;padding:2.5rem 1.5rem;text-align:center}" +
      "header p{margin:0;opacity:.85}header h1{margin:.3rem 0 0;font-size:2.2rem}main{max-width:760px;display:grid;gap:1.2rem}" +
      "section,aside,nav{background:#fff;border-radius:12px;padding:1.4rem;box-shadow:0 1px 3px #0002}" +
      "button{background:#2563eb;color:#fff}.sale{border-left:5px solid #16a34a}.sale .act a{background:#16a34a;color:#fff}" +
      ".links a{color:#1d4ed8}",
  },
  premium: {
    eyebrow: "Premium domain",
    footer: "A premium domain name. Serious enquiries welcome.",
    css:
      `${BASE}body{font-family:Georgia,'Times New Roman',serif;color:#f5f0e1;background:#0b0b0f}` +
      "header{padding:4rem 1.5rem 2rem;text-align:center;border-bottom:1px solid #c9a24a55}" +
      "header p{margin:0;letter-spacing:.3em;text-transform:uppercase;color:#c9a24a;font-size:.8rem}" +
      "header h1{margin:.6rem 0 0;font-size:3rem;font-weight:400}main{max-width:680px;display:grid;gap:2rem}" +
      "section,aside,nav{border:1px solid #c9a24a55;padding:1.6rem}h2{font-weight:400;color:#c9a24a}" +
      "input,textarea{background:#16161d;color:#f5f0e1;border-color:#c9a24a88}button{background:#c9a24a;color:#0b0b0f}" +
      ".sale{text-align:center}.sale .act{justify-content:center}.sale .act a{background:#c9a24a;color:#0b0b0f}.links a{color:#e8cf8f}",
  },
  category: {
    eyebrow: "Topics and offers on",
    footer: "Browse the topics above; this domain is parked.",
    css:
      `${BASE}body{font-family:'Trebuchet MS',Verdana,sans-serif;color:#1f2937;background:#fff}` +
      "header{background:#065f46;color:#ecfdf5;padding:1.2rem 1.5rem;display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap}" +
      "header p{margin:0;font-size:.85rem}header h1{margin:0;font-size:1.5rem}" +
      "main{max-width:1040px;display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}" +
      "section,aside,nav{border:1px solid #d1fae5;border-top:4px solid #10b981;padding:1.1rem;border-radius:4px}" +
      "button{background:#059669;color:#fff}.links a{color:#047857;font-weight:600}.links li{padding:.3rem 0;border-bottom:1px dotted #a7f3d0}" +
      ".sale .act a{background:#f59e0b;color:#1f2937}",
  },
  minimal: {
    eyebrow: null,
    footer: "",
    css:
      `${BASE}body{font-family:ui-monospace,Menlo,monospace;color:#222;background:#fff}` +
      "main{max-width:560px;padding-top:12vh;display:grid;gap:1.4rem}h1{font-size:1.6rem;font-weight:500;margin:0}" +
      "h2{font-size:1rem}button{background:#222;color:#fff;border-radius:0}input,textarea{border-radius:0}" +
      ".sale .act a{border:1px solid #222;color:#222}.links a{color:#222}",
  },
};
