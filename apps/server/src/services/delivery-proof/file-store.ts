import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { isPostgresUrl, type Env } from '../../env.ts';
import { loadOnce } from '../../lib/load-once.ts';

/**
 * Where proof-of-delivery files live (design.md §10, decision 050): one interface, a folder under the data folder by
 * default, S3-compatible object storage when configured. Keys are random ids made by the server (`a1b2….jpg`), never
 * anything a client sent, so a key can never climb out of the folder or name another object.
 */
export interface FileStore {
  readonly kind: 'folder' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a file key: ${key}`);
  return key;
}

/** Files in a folder, two levels of sub-folders by the key's first characters so no folder grows too large. */
export class FolderFileStore implements FileStore {
  readonly kind = 'folder' as const;
  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    checkKey(key);
    return join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written under a temporary name and renamed: a crash never leaves half a file under the key.
    const partial = `${path}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

const loadS3 = loadOnce(() => import('@aws-sdk/client-s3'));

/** Files as objects in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2 …). The client is made on first use. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private client: S3Client | undefined;
  constructor(private readonly options: S3Options) {}

  private async s3(): Promise<{ client: S3Client; s3: Awaited<ReturnType<typeof loadS3>> }> {
    const s3 = await loadS3();
    const { options } = this;
    this.client ??= new s3.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      maxAttempts: 3,
    });
    return { client: this.client, s3 };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { client, s3 } = await this.s3();
    await client.send(new s3.PutObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { client, s3 } = await this.s3();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) }));
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof s3.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { client, s3 } = await this.s3();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) }));
  }

  destroy(): void {
    this.client?.destroy();
  }
}

/** The files folder: FILES_DIR, or 'files' beside the SQLite database (./data/files for PostgreSQL). */
export function filesDirFor(env: Pick<Env, 'FILES_DIR' | 'DATABASE_URL'>): string {
  if (env.FILES_DIR) return resolve(env.FILES_DIR);
  if (isPostgresUrl(env.DATABASE_URL)) return resolve('data', 'files');
  const file = env.DATABASE_URL.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file === ':memory:') return resolve('data', 'files');
  return join(dirname(resolve(file)), 'files');
}

/** The store the environment names: S3 when S3_ENDPOINT is set, the folder otherwise. */
export function fileStoreFor(env: Env): FileStore {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return new S3FileStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new FolderFileStore(filesDirFor(env));
}
