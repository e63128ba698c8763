import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceHash, STAMP_FILE, staleBuild } from "./build-stamp";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "wff-stamp-"));

describe("the build's stamp", () => {
  it("is current for a build stamped with the sources' hash, and stale for any other or none", () => {
    const build = tmp();
    try {
      expect(staleBuild(build)).toMatch(/has no source-hash: it is not a finished build/);
      fs.writeFileSync(path.join(build, STAMP_FILE), "0".repeat(64));
      expect(staleBuild(build)).toMatch(/was built from other sources than these/);
      fs.writeFileSync(path.join(build, STAMP_FILE), `${sourceHash()}\n`);
      expect(staleBuild(build)).toBeUndefined();
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it("changes with any source the build reads, and not with a test file or what the build itself draws", () => {
    // A project of its own, so that no other test file sees this project's sources change.
    const root = tmp();
    try {
      fs.mkdirSync(path.join(root, "app/utils"), { recursive: true });
      fs.mkdirSync(path.join(root, "public/images"), { recursive: true });
      fs.writeFileSync(path.join(root, "app/utils/url.ts"), "export const a = 1;\n");
      fs.writeFileSync(path.join(root, "package-lock.json"), "{}\n");
      const before = sourceHash(root);
      fs.writeFileSync(path.join(root, "app/utils/url.test.ts"), "test\n");
      fs.writeFileSync(path.join(root, "public/images/drawn.webp"), "image\n");
      expect(sourceHash(root)).toBe(before);
      fs.writeFileSync(path.join(root, "app/utils/url.ts"), "export const a = 2;\n");
      expect(sourceHash(root)).not.toBe(before);
      fs.writeFileSync(path.join(root, "app/utils/url.ts"), "export const a = 1;\n");
      fs.writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
      expect(sourceHash(root)).not.toBe(before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
