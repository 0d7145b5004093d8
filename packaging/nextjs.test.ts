import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPackages, packPackages, sh } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// A Next.js 16 App Router app as create-next-app writes it, in both its layouts (with `src/` and
// `"@/*": ["./src/*"]`, and without, `"@/*": ["./*"]`): its tsconfig, its default build with
// Turbopack and `cacheComponents`, no config of ours. `gen-client-tools init` then a run put the
// bindings where the alias reaches them: a client page dispatches actions with the generated
// handlers, and a route handler registers the tools with the runtime's server entry.

let packages: PackedPackages;
beforeAll(() => {
  packages = packPackages();
}, 120_000);
afterAll(removeTempProjects, 120_000);

const NEXT = "16.4.6";

describe("a Next.js 16 App Router app", () => {
  it.each([
    { layout: "with src/", app: "src/app", out: "src/client-tools.gen" },
    { layout: "without src/", app: "app", out: "client-tools.gen" },
  ])(
    "builds with `next build` at its defaults, $layout, against bindings init and a run put where @/* reaches",
    ({ app, out }) => {
      const project = tempProject({
        "package.json": { name: "next-app", private: true, scripts: { build: "next build" } },
        // create-next-app's tsconfig.json.
        "tsconfig.json": {
          compilerOptions: {
            target: "ES2017",
            lib: ["dom", "dom.iterable", "esnext"],
            allowJs: true,
            skipLibCheck: true,
            strict: true,
            noEmit: true,
            esModuleInterop: true,
            module: "esnext",
            moduleResolution: "bundler",
            resolveJsonModule: true,
            isolatedModules: true,
            jsx: "react-jsx",
            incremental: true,
            plugins: [{ name: "next" }],
            paths: { "@/*": [app === "app" ? "./*" : "./src/*"] },
          },
          include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
          exclude: ["node_modules"],
        },
        "next.config.ts": `import type { NextConfig } from "next";

const nextConfig: NextConfig = { cacheComponents: true };

export default nextConfig;
`,
        "specs/open_panel.json": {
          name: "open_panel",
          description: "Open a panel.",
          parameters: {
            type: "object",
            properties: { title: { type: "string" }, kind: { enum: ["info", "warning"] } },
            required: ["title"],
            additionalProperties: false,
          },
        },
        "specs/get_city.json": {
          name: "get_city",
          description: "Get the user's city.",
          outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        },
        [`${app}/layout.tsx`]: `export default function RootLayout({ children }: { readonly children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
        [`${app}/page.tsx`]: `"use client";
import { useState } from "react";
import { dispatchClientAction, type ClientToolHandlers } from "@/client-tools.gen";

const handlers: ClientToolHandlers<(text: string) => void> = {
  open_panel: (args, show) => show(args.kind === undefined ? args.title : args.kind + ": " + args.title),
  get_city: () => ({ city: "Lyon" }),
};

export default function Page() {
  const [shown, setShown] = useState("");
  return <button onClick={() => void dispatchClientAction({ kind: "ClientAction_open_panel", title: "Readme", mcp_arg_kind: "info" }, handlers, setShown)}>{shown}</button>;
}
`,
        [`${app}/api/tools/route.ts`]: `import { ClientToolRegistry } from "@gen-client-tools/runtime/server";
import { registerClientTools } from "@/client-tools.gen";

const registry = new ClientToolRegistry();
registerClientTools(registry);

export function GET(): Response {
  return Response.json(registry.list().map((tool) => tool.name));
}
`,
      });
      const install = sh(
        project,
        "npm",
        [
          "install",
          packages.runtimeTarball,
          "react@19.3.1",
          "react-dom@19.3.1",
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
        ],
        300_000,
      );
      expect(install.status, install.stderr).toBe(0);
      const devInstall = sh(
        project,
        "npm",
        [
          "install",
          "-D",
          packages.tarball,
          `next@${NEXT}`,
          "typescript@5.9.3",
          "@types/react@19.2.7",
          "@types/node@20.19.43",
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
        ],
        400_000,
      );
      expect(devInstall.status, devInstall.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      expect(Object.keys(manifest.dependencies)).toContain("@gen-client-tools/runtime");
      expect(Object.keys(manifest.devDependencies)).toContain("gen-client-tools");

      // The user's tools in place of init's example.
      expect(sh(project, "npx", ["--no", "--", "gen-client-tools", "init"]).status).toBe(0);
      rmSync(path.join(project, "client-tools"), { recursive: true });
      renameSync(path.join(project, "specs"), path.join(project, "client-tools"));
      const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
      expect(generate.status, generate.stdout + generate.stderr).toBe(0);
      // The project resolves modules as a bundler does: the generated modules import each other without an extension.
      expect(readFileSync(path.join(project, out, "index.ts"), "utf8")).toContain('from "./types";');
      const doctor = sh(project, "npx", ["--no", "--", "gen-client-tools", "doctor"]);
      expect(doctor.stdout, doctor.stdout).toContain("gen-client-tools doctor: no problems");

      const build = sh(project, "npx", ["--no", "--", "next", "build"], 400_000);
      expect(build.status, build.stdout + build.stderr).toBe(0);
      expect(build.stdout).toMatch(/Turbopack/);
      expect(existsSync(path.join(project, ".next/BUILD_ID"))).toBe(true);
    },
    900_000,
  );

  it("installs one copy of ai with docs/nextjs.md's setup commands, though @ai-sdk/react pins its own", () => {
    const guide = readFileSync(new URL("../docs/nextjs.md", import.meta.url), "utf8");
    const commands = /```sh\n([\s\S]*?)```/.exec(guide)![1]!.split("\n").slice(0, 2);
    expect(commands[1]).toContain("overrides.ai=$ai");
    const project = tempProject({ "package.json": { name: "next-app", private: true } });
    for (const command of commands) {
      // The runtime package from its tarball, as it is not on the registry yet.
      const line = command.replace("@gen-client-tools/runtime", packages.runtimeTarball).replace(/\s+#.*$/, "");
      const run = sh(project, "sh", ["-c", line], 300_000);
      expect(run.status, `${line}\n${run.stderr}`).toBe(0);
    }
    const listed = sh(project, "npm", ["ls", "ai", "--all", "--json"]);
    const versions = new Set<string>();
    const walk = (node: { version?: string; dependencies?: Record<string, unknown> }, name = "") => {
      if (name === "ai" && node.version !== undefined) versions.add(node.version);
      for (const [child, value] of Object.entries(node.dependencies ?? {})) walk(value as typeof node, child);
    };
    walk(JSON.parse(listed.stdout) as { dependencies?: Record<string, unknown> });
    expect(versions.size).toBe(1);
  }, 400_000);
});
