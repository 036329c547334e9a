import net from 'node:net';

export interface SmtpMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  /** Resolves when a client has connected (and waits for the greeting while held). */
  connected(): Promise<void>;
  /** Lets held connections get their greeting; later connections are greeted at once. */
  release(): void;
  /** The next `n` connections are greeted with 421 and closed (a server that is down). */
  refuseNext(n: number): void;
  /** Resolves with the next mail received. */
  nextMail(): Promise<SmtpMail>;
  received: SmtpMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 for tests: enough of RFC 5321 for nodemailer (no TLS, no
 * AUTH). With `hold`, it accepts TCP and says nothing until `release()`: a mail server that
 * never answers while the test looks.
 */
export async function startFakeSmtp(opts: { hold?: boolean } = {}): Promise<FakeSmtp> {
  let held = opts.hold ?? false;
  let refuse = 0;
  const waiting: (() => void)[] = [];
  const connectWaiters: (() => void)[] = [];
  let connections = 0;
  const mailWaiters: ((m: SmtpMail) => void)[] = [];
  const received: SmtpMail[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    connections++;
    connectWaiters.splice(0).forEach((w) => w());
    const greet = () => {
      if (refuse > 0) {
        refuse--;
        socket.end('421 fake.test Service not available\r\n');
        return;
      }
      socket.write('220 fake.test ESMTP\r\n');
      serve(socket);
    };
    if (held) waiting.push(greet);
    else greet();
  });

  function serve(socket: net.Socket) {
    let buffer = '';
    let inData = false;
    let mail: SmtpMail = { from: '', to: [], data: '' };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mailWaiters.splice(0).forEach((w) => w(mail));
          mail = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.test\r\n');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n'); // RSET, NOOP
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connected: () => (connections > 0 ? Promise.resolve() : new Promise((r) => connectWaiters.push(r))),
    release() {
      held = false;
      waiting.splice(0).forEach((greet) => greet());
    },
    refuseNext(n) {
      refuse = n;
    },
    nextMail: () => new Promise((r) => mailWaiters.push(r)),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
