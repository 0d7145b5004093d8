import { describe, expect, it } from "vitest";
import { ClientToolPermissionError, checkClientToolPermission } from "./permission.js";

const openUrl = { name: "open_url", permission: "browser.open" };
const untagged = { name: "untagged" };

describe("checkClientToolPermission", () => {
  it("permits everything without a principal", () => {
    expect(checkClientToolPermission(openUrl, undefined)).toBeUndefined();
    expect(checkClientToolPermission(untagged, undefined)).toBeUndefined();
  });

  it("permits a tagged tool to a principal holding its permission, by exact name", () => {
    expect(
      checkClientToolPermission(openUrl, { id: "alice", permissions: ["geo.read", "browser.open"] }),
    ).toBeUndefined();
    expect(
      checkClientToolPermission(openUrl, { id: "alice", permissions: ["browser", "browser.*", "BROWSER.OPEN"] }),
    ).toBeInstanceOf(ClientToolPermissionError);
  });

  it("refuses a tool whose permission the principal lacks, without naming the principal in the message", () => {
    const error = checkClientToolPermission(openUrl, { id: "alice-secret-id", permissions: ["geo.read"] });
    expect(error).toMatchObject({
      name: "ClientToolPermissionError",
      toolName: "open_url",
      permission: "browser.open",
      principalId: "alice-secret-id",
    });
    expect(error?.message).toMatch(/permission "browser.open" that the tool "open_url" requires/);
    expect(error?.message).not.toContain("alice-secret-id");
    expect(error?.message).not.toContain("geo.read");
  });

  it("refuses an untagged tool under any principal (fails closed)", () => {
    const error = checkClientToolPermission(untagged, { id: "root", permissions: ["browser.open"] });
    expect(error).toMatchObject({ toolName: "untagged", permission: undefined });
    expect(error?.message).toMatch(/no permission tag/);
  });
});
