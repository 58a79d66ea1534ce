import { expect } from "vitest";
import type { Client } from "./client.ts";
import type { TestServer } from "./server.ts";

/** The `{upload_data, asset_id, asset_url}` of a slot. */
export interface Slot {
  upload_data: { url: string; fields: Record<string, string> };
  asset_id: string;
  asset_url: string;
}

/** Send the file the way the browser does: every field of upload_data, then `file` last; no cookies. */
export async function send(
  slot: Slot,
  bytes: Uint8Array<ArrayBuffer>,
  type = "application/octet-stream",
  fieldOverrides: Record<string, string> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...slot.upload_data.fields, ...fieldOverrides })) fd.append(k, v);
  fd.append("file", new Blob([bytes], { type }), "upload.bin");
  const res = await fetch(slot.upload_data.url, { method: "POST", body: fd });
  return { status: res.status, body: await res.text() };
}

/** Follow a signed download link (the Location of a 302) without cookies. */
export async function download(t: TestServer, location: string | null) {
  expect(location).toMatch(/^\/api\/assets\/v2\/files\/[0-9a-f-]+\/\?exp=\d+&disposition=(inline|attachment)&sig=/);
  const res = await fetch(t.url + location);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Slot → upload → mark uploaded, asserting each step; the slot is posted to `slotUrl` and marked at `markBase + id/`. */
export async function uploadAs(
  c: Client,
  slotUrl: string,
  markBase: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
  extra: Record<string, unknown> = {},
): Promise<Slot> {
  const slot = await c.post(slotUrl, { name: file.name, type: file.type, size: file.bytes.length, ...extra });
  expect(slot.status, slot.text).toBe(200);
  const sent = await send(slot.body, file.bytes, file.type);
  expect(sent.status, sent.body).toBe(204);
  const marked = await c.patch(`${markBase}${slot.body.asset_id}/`, {});
  expect(marked.status, marked.text).toBe(204);
  return slot.body as Slot;
}
