import { Readable } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import type { DirectAccess, Storage } from "./storage.ts";

/** A missing object: the SDK's NoSuchKey / NotFound, or a bare 404. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

async function toBuffer(body: unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/**
 * The AWS SDK, loaded on first use: it is ~10 MB of memory that a server storing files on disk never needs, and an
 * S3 server needs it only from its first file.
 */
async function loadSdk() {
  const [s3, post, presigner] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/s3-presigned-post"),
    import("@aws-sdk/s3-request-presigner"),
  ]);
  return { ...s3, createPresignedPost: post.createPresignedPost, getSignedUrl: presigner.getSignedUrl };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * Files in an S3-compatible bucket (STORAGE=s3). The server reads and writes through the SDK; browsers upload
 * with presigned POST forms (to a pending key the server checks before it becomes the file) and download with
 * presigned GETs.
 */
export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly options: S3ClientConfig;
  private loading: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(cfg: S3Config) {
    const options: S3ClientConfig = { region: cfg.region, forcePathStyle: cfg.forcePathStyle };
    if (cfg.endpoint) options.endpoint = cfg.endpoint;
    if (cfg.accessKeyId && cfg.secretAccessKey)
      options.credentials = { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey };
    this.options = options;
    this.bucket = cfg.bucket;
  }

  /** The SDK and this bucket's client, made on first use (a failed load is tried again next time). */
  private ready(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loading ??= loadSdk().then(
      (sdk) => ({ sdk, client: new sdk.S3Client(this.options) }),
      (err) => {
        this.loading = null;
        throw err;
      },
    );
    return this.loading;
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream, contentType?: string): Promise<void> {
    const body = Buffer.isBuffer(data) ? data : await toBuffer(data);
    const { sdk, client } = await this.ready();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<NodeJS.ReadableStream | null> {
    const { sdk, client } = await this.ready();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.get(key);
    return body ? toBuffer(body) : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    const { sdk, client } = await this.ready();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.ready();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.endsWith("/") || prefix === "" ? prefix : prefix + "/";
    const keys: string[] = [];
    let token: string | undefined;
    const { sdk, client } = await this.ready();
    do {
      const out = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: base, Delimiter: "/", ContinuationToken: token }),
      );
      for (const o of out.Contents ?? []) if (o.Key && o.Key !== base) keys.push(o.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  readonly direct: DirectAccess = {
    pendingKey: (key) => `pending/${key}`,
    presignUpload: async (key, contentType, maxSize, expiresInSeconds) => {
      const { sdk, client } = await this.ready();
      const post = await sdk.createPresignedPost(client, {
        Bucket: this.bucket,
        Key: this.direct.pendingKey(key),
        Conditions: [
          ["content-length-range", 0, maxSize],
          ["eq", "$Content-Type", contentType],
        ],
        Fields: { "Content-Type": contentType },
        Expires: expiresInSeconds,
      });
      return { url: post.url, fields: post.fields };
    },
    presignDownload: async (key, opts) => {
      const { sdk, client } = await this.ready();
      return sdk.getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ResponseContentType: opts.contentType,
          ResponseContentDisposition: opts.contentDisposition,
        }),
        { expiresIn: opts.expiresInSeconds },
      );
    },
  };
}
