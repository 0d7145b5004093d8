import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { watchedChanges } from "./watched-changes.js";

afterEach(removeTempProjects);

describe("watchedChanges", () => {
  const setup = () => {
    const cwd = tempProject({});
    const specs = path.join(cwd, "client-tools");
    mkdirSync(specs);
    return { cwd, specs, file: (name: string) => path.join(specs, name) };
  };

  it("vouches for no file on the first run, then for each file under a root it did not name since the run before", () => {
    const { cwd, specs, file } = setup();
    const changes = watchedChanges([{ dir: specs, recursive: true }]);
    expect(changes.take()).toMatchObject({ sameFiles: false });
    expect(changes.take().unchanged(file("a.json"))).toBe(true);

    changes.saw(file("a.json"), "change");
    const second = changes.take();
    expect(second.sameFiles).toBe(true);
    expect(second.unchanged(file("a.json"))).toBe(false);
    expect(second.unchanged(file("b.json"))).toBe(true);
    expect(second.unchanged(path.join(specs, "shared", "point.json"))).toBe(true);
    expect(second.unchanged(path.join(cwd, "outside.json"))).toBe(false);
    // Named to one run only.
    expect(changes.take().unchanged(file("a.json"))).toBe(true);
  });

  it("has the folders' files listed again after a file is added or removed", () => {
    const { specs, file } = setup();
    const changes = watchedChanges([{ dir: specs, recursive: true }]);
    changes.take();
    changes.saw(file("c.json"), "add");
    const added = changes.take();
    expect(added.sameFiles).toBe(false);
    expect(added.unchanged(file("c.json"))).toBe(false);
    expect(added.unchanged(file("b.json"))).toBe(true);
    changes.saw(file("c.json"), "unlink");
    expect(changes.take().sameFiles).toBe(false);
    expect(changes.take().sameFiles).toBe(true);
  });

  it("vouches for nothing in the run after a folder event, and for nothing at all once the watcher failed", () => {
    const { specs, file } = setup();
    const changes = watchedChanges([{ dir: specs, recursive: true }]);
    changes.take();
    changes.saw(path.join(specs, "shared"), "unlinkDir");
    expect(changes.take()).toMatchObject({ sameFiles: false });
    expect(changes.take().unchanged(file("b.json"))).toBe(true);
    changes.saw(path.join(specs, "shared"), "addDir");
    expect(changes.take().unchanged(file("b.json"))).toBe(false);
    changes.failed();
    for (let run = 0; run < 2; run++) {
      const since = changes.take();
      expect(since.unchanged(file("b.json"))).toBe(false);
      expect(since.sameFiles).toBe(false);
    }
  });

  it("vouches only for the .json files right in the folder of a spec file named by itself", () => {
    const { specs, file } = setup();
    const changes = watchedChanges([{ dir: specs, recursive: false }]);
    changes.take();
    const since = changes.take();
    expect(since.unchanged(file("a.json"))).toBe(true);
    expect(since.unchanged(path.join(specs, "sub", "a.json"))).toBe(false);
  });

  it("vouches for nothing under a root reached through a link, whose events may name other paths", () => {
    const { cwd, specs, file } = setup();
    const linked = path.join(cwd, "linked-tools");
    symlinkSync(specs, linked, "dir");
    const changes = watchedChanges([{ dir: linked, recursive: true }]);
    changes.take();
    const since = changes.take();
    expect(since.unchanged(path.join(linked, "a.json"))).toBe(false);
    expect(since.unchanged(file("a.json"))).toBe(false);
    expect(since.sameFiles).toBe(false);
  });
});
