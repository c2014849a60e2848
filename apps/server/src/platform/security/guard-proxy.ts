import http from 'node:http';
import net from 'node:net';
import { guardedLookup, isPublicAddress, LinkRefusal, resolvePublic, type AddressPolicy } from './public-address.js';

/**
 * A forward proxy on the loopback interface for tools that fetch on their own (yt-dlp): every request
 * and every CONNECT is let through only to a public address, checked when it is made, so a page, a
 * redirect or a playlist pointing inside the network gets a 403 instead of an answer. `refusals`
 * records what was refused, so the caller can tell the user why.
 */
export interface GuardProxy {
  url: string;
  refusals: LinkRefusal[];
  close(): Promise<void>;
}

export async function startGuardProxy(policy: AddressPolicy): Promise<GuardProxy> {
  const refusals: LinkRefusal[] = [];
  const sockets = new Set<net.Socket>();
  const refuse = (e: unknown) => {
    if (e instanceof LinkRefusal) refusals.push(e);
  };

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new LinkRefusal('scheme', target.protocol);
    } catch (e) {
      refuse(e);
      res.writeHead(400).end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    // Checked here and connected to exactly that address: node skips `lookup` for a literal address.
    resolvePublic(target.hostname, policy).then(
      ({ address }) => forward(req, res, target, address, headers),
      (e: unknown) => {
        refuse(e);
        res.writeHead(403).end();
      },
    );
  });

  function forward(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    target: URL,
    address: string,
    headers: http.OutgoingHttpHeaders,
  ) {
    const upstream = http.request(
      {
        host: address,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: { ...headers, host: target.host },
        lookup: guardedLookup(policy),
        timeout: 30_000,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
    upstream.on('error', (e) => {
      refuse(e);
      if (!res.headersSent) res.writeHead(e instanceof LinkRefusal ? 403 : 502);
      res.end();
    });
    req.pipe(upstream);
  }

  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
    if (!m?.[1] || !m[2]) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const host = m[1];
    const port = Number(m[2]);
    resolvePublic(host, policy).then(
      ({ address }) => {
        if (!isPublicAddress(address, policy)) throw new LinkRefusal('private', address);
        const upstream = net.connect({ host: address, port }, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.setTimeout(60_000, () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      },
      (e: unknown) => {
        refuse(e);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      },
    );
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
