import crypto from "node:crypto";

/**
 * Secrets at rest: AES-256-GCM under a key derived from the app secret and a purpose label, so a value sealed
 * for one use (instance configuration, a user's secret, a model configuration's API key) cannot be opened as
 * another. Stored form: `enc:v1:<base64(iv ‖ tag ‖ ciphertext)>`; empty strings stay empty.
 */
export type SealPurpose =
  "instance-config" | "user-secret" | "model-config" | "oauth-state" | "oauth-account" | "importer-token";

const PREFIX = "enc:v1:";

function keyFrom(secretKey: string, purpose: SealPurpose): Buffer {
  return crypto
    .createHash("sha256")
    .update(`stride-${purpose}:` + secretKey)
    .digest();
}

export function seal(secretKey: string, purpose: SealPurpose, plain: string): string {
  if (plain === "") return "";
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFrom(secretKey, purpose), iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64");
}

/** Open a sealed value; a value that cannot be opened (other secret key or purpose, corrupt) reads as "". */
export function open(secretKey: string, purpose: SealPurpose, stored: string | null | undefined): string {
  if (!stored || !stored.startsWith(PREFIX)) return "";
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFrom(secretKey, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return "";
  }
}

/**
 * How a secret is shown once stored: never the value; the last four characters only when the value is long
 * enough (16+) that they give nothing useful away, e.g. `••••••••3f9a`.
 */
export function maskSecret(plain: string): string {
  if (plain === "") return "";
  return plain.length >= 16 ? "••••••••" + plain.slice(-4) : "••••••••";
}
