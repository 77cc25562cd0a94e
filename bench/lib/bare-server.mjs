// The bare baseline: a plain node:http server doing the least a JSON API must do. It reads and parses the request's
// JSON body, and answers a JSON reply of the size the project answers: 201 with a small JSON for a POST (a GPS fix),
// 200 with a copy of a real lookup reply for a GET. Run as a child process: `node bare-server.mjs <port> [replyFile]`.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
/** The object a GET answers: a real public lookup reply, parsed once and serialised per request as the project does. */
const lookupReply = process.argv[3] ? JSON.parse(readFileSync(process.argv[3], 'utf8')) : { ok: true };

const server = createServer((req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = null;
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Invalid JSON"}');
        return;
      }
    }
    if (req.method === 'POST') {
      const reply = JSON.stringify({ success: body != null, locationId: randomUUID(), movedCurrent: true });
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(reply) }).end(reply);
      return;
    }
    const reply = JSON.stringify(req.url === '/api/health' ? { status: 'ok' } : lookupReply);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(reply) }).end(reply);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
