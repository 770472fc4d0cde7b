// An SMTP server on loopback for tests (the `smtp-server` package): it checks the credentials, refuses
// the recipients it is told to with 550 at RCPT, and keeps every message it accepted, parsed as a mail
// program would read it.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  url(user: string, password: string): string;
  received: ReceivedMail[];
  /** Recipients refused with 550; empty it to accept them again. */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startTestSmtp(credentials: { user: string; password: string }): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, and AUTH allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (user, password) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
