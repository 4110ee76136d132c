import { sql } from "drizzle-orm";
import { Parser } from "htmlparser2";
import request, { type Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FORM_SCRIPT } from "../../server/modules/parked-pages/render-page";
import { NOTIFICATIONS_PATHS } from "../../shared/api/notifications";
import { defaultBlocks, PAGE_PATHS, type TPageBlock } from "../../shared/api/parked-pages";
import { LEAD_CONSENT } from "../../shared/lead-consent";
import { pathTo } from "../../shared/path-to";
import { PARKING_TEMPLATES } from "../../shared/prices";
import { domains } from "../../shared/schema";
import { addDomain, addVerifiedDomain } from "../factories/domains";
import { buyMarketingTools } from "../factories/marketing-tools";
import { signUp } from "../factories/users";
import { XSS_PAYLOADS } from "../fixtures/xss-payloads";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const visit = (host: string, path = "/") =>
  request(t.app).get(path).set({ Host: host, Accept: "text/html", "User-Agent": BROWSER });

async function owner(tools: string[] = []) {
  const account = await signUp(t.app);
  if (tools.length) await buyMarketingTools(account.agent, tools);
  const domain = await addVerifiedDomain(account.agent, t.db);
  return { ...account, domain };
}

const BUILDER = ["landing-page-builder"];
/** Tags that load or run something, none of which an owner's content may add. */
const ACTIVE_TAGS = [
  "iframe",
  "object",
  "embed",
  "base",
  "link",
  "svg",
  "math",
  "frame",
  "img",
  "video",
  "audio",
];

/** The tags, attributes and scripts of a served page, as a browser's parser sees them. */
function parsePage(html: string) {
  const tags: { name: string; attrs: Record<string, string> }[] = [];
  const scripts: string[] = [];
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        tags.push({ name, attrs });
        if (name === "script") {
          inScript = true;
          scripts.push("");
        }
      },
      ontext(text) {
        if (inScript) scripts[scripts.length - 1] += text;
      },
      onclosetag(name) {
        if (name === "script") inScript = false;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { tags, scripts };
}

describe("a verified domain's parked page", () => {
  it("is rendered on the server on the domain's host with the lead form and its consent line, and counts the visit", async () => {
    const { domain } = await owner();

    const res = await visit(domain.name);

    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain(`<title>${domain.name}</title>`);
    expect(res.text).toContain("Get Free Quotes Now");
    expect(res.text).toContain(LEAD_CONSENT.text);
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    await vi.waitFor(async () => {
      const { rows } = await t.db.execute<{ visits: number }>(
        sql`select visits from domain_traffic where domain_id = ${domain.id}`,
      );
      expect(rows[0]?.visits).toBe(1);
    });
  });

  it("is the same page gzipped or not, revalidated by its ETag (304 with no body), and answers HEAD without a body", async () => {
    const { domain } = await owner();
    const plain = await visit(domain.name).set("Accept-Encoding", "identity");
    const gzipped = await visit(domain.name).set("Accept-Encoding", "gzip");

    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.text).toBe(plain.text);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(plain.text));
    expect(gzipped.headers.vary).toBe("Accept-Encoding");
    expect(plain.headers.etag).toBeTruthy();
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);

    const again = await visit(domain.name)
      .set("Accept-Encoding", "gzip")
      .set("If-None-Match", gzipped.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers["x-content-type-options"]).toBe("nosniff");
    const stale = await visit(domain.name)
      .set("Accept-Encoding", "gzip")
      .set("If-None-Match", plain.headers.etag);
    expect(stale.status).toBe(200);

    const head = await request(t.app)
      .head("/")
      .set({ Host: domain.name, "User-Agent": BROWSER, "Accept-Encoding": "identity" });
    expect(head.status).toBe(200);
    expect(head.text ?? "").toBe("");
    expect(head.headers["content-length"]).toBe(plain.headers["content-length"]);
  });

  it("is not served for a name nobody verified", async () => {
    const { agent } = await signUp(t.app);
    const pending = await addDomain(agent);

    const res = await visit(pending.name);

    expect(res.text).not.toContain(LEAD_CONSENT.text);
  });

  it("looks different in each of the four templates", async () => {
    const { agent, domain } = await owner();
    const pages = new Set<string>();
    for (const template of PARKING_TEMPLATES) {
      const put = await agent
        .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
        .send({ template, blocks: defaultBlocks(template, domain.name) });
      expect(put.status).toBe(200);
      const res = await visit(domain.name);
      expect(res.text).toContain(`class="t-${template}"`);
      pages.add(/<style>([^<]*)<\/style>/.exec(res.text)?.[1] ?? "");
    }
    expect(pages.size).toBe(4);
  });
});

describe("editing a page", () => {
  it("without the Landing Page Builder, the template's default blocks can be reworded but not rearranged (403)", async () => {
    const { agent, domain } = await owner();
    const blocks = defaultBlocks("premium", domain.name);
    blocks[0] = { type: "headline", headline: "Hand-picked name", text: "<p>Make it yours.</p>" };

    const reworded = await agent
      .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
      .send({ template: "premium", blocks });
    const added = await agent
      .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
      .send({ template: "premium", blocks: [...blocks, { type: "contact", heading: "Write to me" }] });

    expect(reworded.status).toBe(200);
    expect(reworded.body.builder).toBe(false);
    expect(added.status).toBe(403);
    const page = await agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }));
    expect(page.body.blocks).toHaveLength(3);
    expect((await visit(domain.name)).text).toContain("Hand-picked name");
  });

  it("with the builder, any blocks are saved as versions, served at once, and an old version can be restored", async () => {
    const { agent, domain } = await owner(BUILDER);
    const first: TPageBlock[] = [
      { type: "headline", headline: "First words", text: "" },
      { type: "leadForm", heading: "Quotes" },
    ];
    const second: TPageBlock[] = [
      { type: "headline", headline: "Second words", text: "" },
      { type: "links", title: "Read more", links: [{ label: "Guide", url: "https://example.org/guide" }] },
      { type: "contact", heading: "Say hello" },
    ];
    expect(
      (
        await agent
          .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
          .send({ template: "category", blocks: first })
      ).status,
    ).toBe(200);
    expect((await visit(domain.name)).text).toContain("First words");
    const saved = await agent
      .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
      .send({ template: "minimal", blocks: second });
    expect(saved.body.version).toBe(2);
    expect((await visit(domain.name)).text).toContain("Second words");

    const versions = await agent.get(pathTo(PAGE_PATHS.versions, { id: domain.id }));
    expect(versions.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const restored = await agent.post(`/api/domains/${domain.id}/page/versions/1/restore`);

    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, template: "category" });
    const served = await visit(domain.name);
    expect(served.text).toContain("First words");
    expect(served.text).toContain('class="t-category"');
    expect((await agent.post(`/api/domains/${domain.id}/page/versions/99/restore`)).status).toBe(404);
  });

  it("another owner's page can be neither read nor written", async () => {
    const { domain } = await owner(BUILDER);
    const stranger = await signUp(t.app);
    await buyMarketingTools(stranger.agent, BUILDER);

    const read = await stranger.agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }));
    const write = await stranger.agent
      .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
      .send({ template: "minimal", blocks: [{ type: "headline", headline: "Mine now", text: "" }] });

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect((await visit(domain.name)).text).not.toContain("Mine now");
  });

  it("refuses links, redirects and block types that are not plain web addresses or known (400)", async () => {
    const { agent, domain } = await owner(BUILDER);
    const bad: unknown[] = [
      { type: "redirect", url: "javascript:alert(1)" },
      { type: "links", title: "x", links: [{ label: "x", url: "data:text/html,<script>alert(1)</script>" }] },
      { type: "links", title: "x", links: [{ label: "x", url: "vbscript:msgbox(1)" }] },
      { type: "script", code: "alert(1)" },
      { type: "image", imageId: "javascript:alert(1)" },
    ];
    for (const block of bad) {
      const res = await agent
        .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
        .send({ template: "standard", blocks: [block] });
      expect(res.status, JSON.stringify(block)).toBe(400);
    }
    expect((await agent.get(pathTo(PAGE_PATHS.versions, { id: domain.id }))).body).toEqual([]);
  });
});

describe("sanitising", () => {
  it("every payload of the XSS list, in every field an owner writes, reaches the visitor inert", async () => {
    const { agent, domain } = await owner(BUILDER);
    for (const payload of XSS_PAYLOADS) {
      const blocks: TPageBlock[] = [
        { type: "headline", headline: payload.slice(0, 120), text: payload },
        { type: "leadForm", heading: payload.slice(0, 120) },
        { type: "forSale", text: payload.slice(0, 300) },
        {
          type: "links",
          title: payload.slice(0, 120),
          links: [{ label: payload.slice(0, 80), url: "https://example.org/" }],
        },
        { type: "contact", heading: payload.slice(0, 120) },
      ];
      const put = await agent
        .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
        .send({ template: "standard", blocks });
      expect(put.status, payload).toBe(200);

      const { tags, scripts } = parsePage((await visit(domain.name)).text);

      expect(scripts, payload).toEqual([FORM_SCRIPT]);
      expect(
        tags.filter((tag) => tag.name === "style"),
        payload,
      ).toHaveLength(1);
      for (const tag of tags) {
        expect(ACTIVE_TAGS, payload).not.toContain(tag.name);
        for (const [name, value] of Object.entries(tag.attrs)) {
          expect(name.startsWith("on"), `${payload}: ${tag.name} ${name}`).toBe(false);
          expect(name, payload).not.toBe("style");
          if (["href", "src", "action", "formaction", "background", "data"].includes(name)) {
            expect(value, payload).toMatch(/^(\/[^/]|https?:\/\/|mailto:)/i);
          }
        }
      }
    }
  });
});

describe("blocks that lead elsewhere", () => {
  it("the for-sale banner shows the listing price and its clicks go to the marketplace listing, counted", async () => {
    const { agent, domain } = await owner();
    await t.db
      .update(domains)
      .set({ marketplacePrice: "2500.00", listedAt: new Date() })
      .where(sql`${domains.id} = ${domain.id}`);
    await agent
      .put(pathTo(PAGE_PATHS.page, { id: domain.id }))
      .send({ template: "premium", blocks: defaultBlocks("premium", domain.name) });

    const page = await visit(domain.name);
    const buy = await visit(domain.name, "/__pp/buy");

    expect(page.text).toContain("$2,500.00");
    expect(page.text).toContain('href="/__pp/buy"');
    expect(buy.status).toBe(302);
    expect(buy.headers.location).toBe(`${t.deps.config.appUrl}/listings/${domain.name}?from=lander`);
    await vi.waitFor(async () => {
      const { rows } = await t.db.execute<{ clicks: number }>(
        sql`select clicks from domain_traffic where domain_id = ${domain.id}`,
      );
      expect(rows[0]?.clicks).toBe(1);
    });
  });

  it("related links go only to the page's own links, and a redirect block sends visitors away", async () => {
    const { agent, domain } = await owner(BUILDER);
    await agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send({
      template: "category",
      blocks: [{ type: "links", title: "More", links: [{ label: "Docs", url: "https://example.org/docs" }] }],
    });

    const followed = await visit(domain.name, "/__pp/go?b=0&l=0");
    const unknown = await visit(domain.name, "/__pp/go?b=0&l=5");
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe("https://example.org/docs");
    expect(unknown.status).toBe(404);

    await agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send({
      template: "minimal",
      blocks: [{ type: "redirect", url: "https://example.org/elsewhere" }],
    });
    const redirected = await visit(domain.name);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toBe("https://example.org/elsewhere");
  });

  it("an uploaded image is served from the domain's host; a file that is not the image it claims is refused", async () => {
    const { agent, domain } = await owner(BUILDER);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const fake = await agent
      .post(pathTo(PAGE_PATHS.images, { id: domain.id }))
      .set("Content-Type", "image/png")
      .send(Buffer.from("<svg onload=alert(1)>"));
    const upload = await agent
      .post(pathTo(PAGE_PATHS.images, { id: domain.id }))
      .set("Content-Type", "image/png")
      .send(png);

    expect(fake.status).toBe(422);
    expect(upload.status).toBe(201);
    await agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send({
      template: "standard",
      blocks: [{ type: "image", imageId: upload.body.id, alt: "A view" }],
    });
    const page = await visit(domain.name);
    const image = await visit(domain.name, `/__pp/img/${upload.body.id}`);
    expect(page.text).toContain(`src="/__pp/img/${upload.body.id}"`);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
  });

  it("images need the Landing Page Builder, and a page keeps at most 20 of them", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const upload = (agent: Agent, domainId: string) =>
      agent
        .post(pathTo(PAGE_PATHS.images, { id: domainId }))
        .set("Content-Type", "image/png")
        .send(png);
    const without = await owner();
    expect((await upload(without.agent, without.domain.id)).status).toBe(403);

    const { agent, domain } = await owner(BUILDER);
    for (let i = 0; i < 20; i++) expect((await upload(agent, domain.id)).status).toBe(201);
    const over = await upload(agent, domain.id);
    expect(over.status).toBe(409);
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from page_images where domain_id = ${domain.id}`,
    );
    expect(stored.rows[0].n).toBe(20);
  });

  it("the contact form's message reaches the owner as a notification; bad or cross-site messages are refused", async () => {
    const { agent, domain } = await owner(BUILDER);
    await agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send({
      template: "standard",
      blocks: [{ type: "contact", heading: "Write to me" }],
    });
    const post = (body: object, headers: Record<string, string> = {}) =>
      request(t.app)
        .post("/__pp/contact")
        .set({ Host: domain.name, "User-Agent": BROWSER, ...headers })
        .send(body);

    const sent = await post({ email: "buyer@example.com", message: "How much for it?" });
    const badEmail = await post({ email: "nope", message: "Hi" });
    const foreign = await post(
      { email: "buyer@example.com", message: "From elsewhere" },
      { Origin: "https://evil.example" },
    );

    expect(sent.status).toBe(201);
    expect(badEmail.status).toBe(400);
    expect(foreign.status).toBe(403);
    const inbox = await agent.get(NOTIFICATIONS_PATHS.list);
    expect(JSON.stringify(inbox.body)).toContain("How much for it?");
    expect(JSON.stringify(inbox.body)).not.toContain("From elsewhere");
  });

  it("a page without a contact form takes no messages", async () => {
    const { agent, domain } = await owner();
    const sent = await request(t.app)
      .post("/__pp/contact")
      .set({ Host: domain.name, "User-Agent": BROWSER })
      .send({ email: "buyer@example.com", message: "Spam for the owner" });
    expect(sent.status).toBe(404);
    const inbox = await agent.get(NOTIFICATIONS_PATHS.list);
    expect(JSON.stringify(inbox.body)).not.toContain("Spam for the owner");
  });

  it("the builder's preview renders a draft as visitors would see it, sanitised, and saves nothing", async () => {
    const { agent, domain } = await owner(BUILDER);
    const imageId = "00000000-0000-4000-8000-000000000001";

    const preview = await agent.post(pathTo(PAGE_PATHS.preview, { id: domain.id })).send({
      template: "category",
      blocks: [
        { type: "headline", headline: "Draft words", text: "<p>Hi</p><script>alert(1)</script>" },
        { type: "image", imageId, alt: "" },
      ],
    });

    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain("Draft words");
    expect(preview.body.html).toContain('class="t-category"');
    expect(preview.body.html).toContain(`src="/api/domains/${domain.id}/page/images/${imageId}"`);
    expect(preview.body.html).not.toContain("alert(1)");
    expect((await agent.get(pathTo(PAGE_PATHS.versions, { id: domain.id }))).body).toEqual([]);
    expect((await visit(domain.name)).text).not.toContain("Draft words");
  });
});
