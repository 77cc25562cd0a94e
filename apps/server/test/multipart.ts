/** Multipart bodies for the proof-of-delivery tests, built byte by byte as a browser sends them. */
export interface FilePart {
  name: 'photo' | 'signature' | string;
  bytes: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it: the `data` field (JSON) and the files. */
export function multipart(data: unknown, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cargo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (data !== undefined) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename ?? `${f.name}.jpg`}"\r\nContent-Type: ${f.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

