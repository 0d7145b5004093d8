import { describe, expect, it } from "vitest";
import { encodeBase64Url16, newRequestId } from "./request-id.js";

describe("newRequestId", () => {
  it("encodes 16 bytes as unpadded base64url, exactly as Node's encoder does", () => {
    const bytes = Uint8Array.from({ length: 48 }, (_, i) => (i * 89 + 251) % 256);
    for (const start of [0, 16, 32]) {
      expect(encodeBase64Url16(bytes, start)).toBe(
        Buffer.from(bytes.subarray(start, start + 16)).toString("base64url"),
      );
    }
    expect(encodeBase64Url16(new Uint8Array(16).fill(255), 0)).toBe("_____________________w");
  });

  it("returns 22 URL-safe characters (128 bits), different every time, across pool refills", () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId());
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
