import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  messages: ParsedMail[];
  /** While refusing, every mail is answered 451 (a temporary failure), as a server in trouble would. */
  refuse(on: boolean): void;
  /** Resolves once `n` mails have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, parsed. TEST_SMTP_PORT picks its port
 * (default, or when another test file holds it: any free one).
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  // Several files catch mail at once (two workers): the second takes any free port.
  await listen(Number(process.env.TEST_SMTP_PORT ?? 0)).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    await listen(0);
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (on) => {
      refusing = on;
    },
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} mails, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
