import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataFolder } from "./db/data-folder-lock";
import { parseConfig } from "./lib/config";
import { StartupError } from "./lib/startup-error";

const SECRET = "a-session-secret-of-enough-length";

describe("boot settings", () => {
  it("listens on 127.0.0.1 in development and test, on every interface in production, unless HOST says", () => {
    expect(parseConfig({}).HOST).toBe("127.0.0.1");
    expect(parseConfig({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET }).HOST).toBe("0.0.0.0");
    expect(parseConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("runs production without PUBLIC_URL as http://localhost:PORT, and says that PUBLIC_URL is missing", () => {
    const config = parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET, PORT: "8080" });
    expect(config.PUBLIC_URL).toBe("http://localhost:8080");
    expect(config.appUrl).toBe("http://localhost:8080");
    expect(config.publicUrlMissing).toBe(true);
  });

  it("keeps a given PUBLIC_URL, and development without one stays unset", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      PUBLIC_URL: "https://app.example",
    });
    expect(config.PUBLIC_URL).toBe("https://app.example");
    expect(config.publicUrlMissing).toBe(false);
    expect(parseConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it("refuses a bad environment with a StartupError (one message, no stack for the user)", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(StartupError);
    expect(() => parseConfig({ PORT: "not-a-port" })).toThrow(/Invalid environment:\n {2}PORT/);
  });

  it("reads ADMIN_EMAILS as lower-case addresses and refuses one that is not an address", () => {
    expect(parseConfig({ ADMIN_EMAILS: " Ops@Example.com, b@example.com ," }).adminEmails).toEqual([
      "ops@example.com",
      "b@example.com",
    ]);
    expect(parseConfig({}).adminEmails).toEqual([]);
    expect(() => parseConfig({ ADMIN_EMAILS: "ops@example.com, not-an-address" })).toThrow(
      /ADMIN_EMAILS: expected email addresses, not not-an-address/,
    );
  });
});

describe("the embedded data folder's lock", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the folder with its parents and names this process in it until released", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "parkpilot-lock-"));
    const folder = path.join(dir, "a", "b", "pglite");
    const release = lockDataFolder(folder);
    expect(readFileSync(path.join(folder, "parkpilot.pid"), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(folder, "parkpilot.pid"))).toBe(false);
  });

  it("takes over the lock of a server that is gone (a kill -9), with no manual step", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "parkpilot-lock-"));
    // A pid far above any the kernel hands out here.
    writeFileSync(path.join(dir, "parkpilot.pid"), "4194000\n");
    const release = lockDataFolder(dir);
    expect(readFileSync(path.join(dir, "parkpilot.pid"), "utf8").trim()).toBe(String(process.pid));
    release();
  });

  it("refuses a folder that a live server holds, and leaves its lock alone", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "parkpilot-lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dir, "parkpilot.pid"), `${other.pid}\n`);
      expect(() => lockDataFolder(dir)).toThrow(
        `the data folder ${dir} is in use by another ParkPilot process (pid ${other.pid}); stop it first, or set PGLITE_DIR to another folder`,
      );
      expect(readFileSync(path.join(dir, "parkpilot.pid"), "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });
});
