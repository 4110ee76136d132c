import fs from "node:fs";
import path from "node:path";
import { errorCode, StartupError } from "../lib/startup-error";

const LOCK_FILE = "parkpilot.pid";

/** Whether `pid` is a live process other than this one that could be a ParkPilot server. */
function isOtherServer(pid: number): boolean {
  // After a crash and a restart (a container's pid 1, say) the file may name this very process.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (errorCode(error) !== "EPERM") return false;
  }
  // The pid of a crashed server may since belong to an unrelated program; Linux can tell.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /node|tsx/.test(cmdline);
  } catch {
    return true;
  }
}

function readOwner(lockPath: string): number {
  try {
    return Number(fs.readFileSync(lockPath, "utf8").trim());
  } catch {
    return 0;
  }
}

const WHY: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "read-only file system",
  ENOTDIR: "a file stands where a folder should be",
  EEXIST: "a file stands where a folder should be",
  ENOENT: "no folder can be made there",
  ENOSPC: "no space left on the device",
};

function cannotWrite(dir: string, error: unknown): StartupError {
  const code = errorCode(error);
  const reason = (code && WHY[code]) ?? code ?? String(error);
  return new StartupError(
    `cannot create or write the data folder ${dir} (${reason}); set PGLITE_DIR to a folder you can write`,
  );
}

/**
 * Creates the embedded engine's data folder (and any missing parents) and takes it for this
 * process: PGlite itself would let a second process open the same folder, and two engines
 * writing one folder corrupt it. The lock names the owner's pid, so a folder left by a crashed
 * (`kill -9`) server is taken over without a manual step. Answers the release.
 */
export function lockDataFolder(dir: string): () => void {
  const absolute = path.resolve(dir);
  try {
    fs.mkdirSync(absolute, { recursive: true });
  } catch (error) {
    throw cannotWrite(absolute, error);
  }
  const lockPath = path.join(absolute, LOCK_FILE);
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw cannotWrite(absolute, error);
    }
    const owner = readOwner(lockPath);
    if (isOtherServer(owner) || attempt === 3) {
      throw new StartupError(
        `the data folder ${absolute} is in use by another ParkPilot process (pid ${owner}); stop it first, or set PGLITE_DIR to another folder`,
      );
    }
    // Left by a server that is gone: take the folder over.
    fs.rmSync(lockPath, { force: true });
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
    } catch {
      // already gone
    }
  };
  // Any exit, even one that skips the orderly close, leaves the folder free for the next start.
  process.once("exit", release);
  return release;
}
