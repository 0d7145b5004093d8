import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPackages, packPackages, sh } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// A Next.js 16 App Router app as create-next-app writes it (its tsconfig, its default build
// with Turbopack, no config of ours), with the bindings generated into it: a client page that
// dispatches actions with the generated handlers, and a route handler that registers the tools
// with the runtime's server entry.

let packages: PackedPackages;
beforeAll(() => {
  packages = packPackages();
}, 120_000);
afterAll(removeTempProjects, 120_000);

const NEXT = "16.4.6";

describe("a Next.js 16 App Router app", () => {
  it("builds with `next build` at its defaults against bindings generated into it", () => {
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
          paths: { "@/*": ["./src/*"] },
        },
        include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
        exclude: ["node_modules"],
      },
      "client-tools/open_panel.json": {
        name: "open_panel",
        description: "Open a panel.",
        parameters: {
          type: "object",
          properties: { title: { type: "string" }, kind: { enum: ["info", "warning"] } },
          required: ["title"],
          additionalProperties: false,
        },
      },
      "client-tools/get_city.json": {
        name: "get_city",
        description: "Get the user's city.",
        outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      "src/app/layout.tsx": `export default function RootLayout({ children }: { readonly children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
      "src/app/page.tsx": `"use client";
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
      "src/app/api/tools/route.ts": `import { ClientToolRegistry } from "@gen-client-tools/runtime/server";
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

    const generate = sh(project, "npx", [
      "--no",
      "--",
      "gen-client-tools",
      "--out",
      "src/client-tools.gen",
      "--no-stubs",
    ]);
    expect(generate.status, generate.stdout + generate.stderr).toBe(0);
    // The project resolves modules as a bundler does: the generated modules import each other without an extension.
    expect(readFileSync(path.join(project, "src/client-tools.gen/index.ts"), "utf8")).toContain('from "./types";');

    const build = sh(project, "npx", ["--no", "--", "next", "build"], 400_000);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout).toMatch(/Turbopack/);
    expect(existsSync(path.join(project, ".next/BUILD_ID"))).toBe(true);
  }, 900_000);
});
