// A request written byte for byte on a socket: repeated headers and request lines that fetch
// would fold or refuse reach the server as an attacker or a broken client sends them.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  json(): any;
}

export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Array<[string, string]> = [],
  body = '',
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  if (body !== '' || method === 'POST' || method === 'PUT' || method === 'PATCH')
    lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      let rest = text.slice(split + 4);
      const parsed: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      if (parsed['transfer-encoding'] === 'chunked') rest = unchunk(rest);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      resolve({ status, headers: parsed, body: rest, json: () => JSON.parse(rest) });
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (!size) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}
