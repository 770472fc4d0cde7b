// One bound SMPP 3.4 session per process (bind_transceiver: it submits and receives the delivery
// receipts), kept up from start to close: an enquire_link every 30 s proves the link alive, a drop or an
// unanswered enquire_link reconnects with back-off (1 s doubling to 5 min), a refused bind too. A send
// while the session is down binds at once rather than waiting for the back-off. The password goes in the
// bind and nowhere else; no log line or error holds it, nor a message's text (a one-time code).
import type { FastifyBaseLogger } from 'fastify';
import smpp, { type PDU, type Session } from 'smpp';
import type { SmsGatewayConfig } from '../../config';
import { DeliveryError, type OutboxTransport } from '../outbox-transports';
import { type DeliveryReceipt, deliveryReceiptOf, isDeliveryReceipt } from './delivery-receipt';
import { destination, smsBody, source } from './sms-text';

export interface SmppClientOptions {
  gateway: SmsGatewayConfig;
  log: FastifyBaseLogger;
  /** Records a receipt; a throw answers the SMSC with an error, so that it sends the receipt again. */
  onReceipt(receipt: DeliveryReceipt): Promise<void>;
  enquireLinkMs?: number;
  /** How long the SMSC has to answer a bind, a submit or an enquire_link. */
  responseTimeoutMs?: number;
  /** Wait before reconnect n (1-based). */
  reconnectDelayMs?: (attempt: number) => number;
}

/** submit_sm refusals that another try cannot change: the number, the text or the sender is wrong. */
const PERMANENT_STATUSES = new Set([
  0x01, // ESME_RINVMSGLEN
  0x0a, // ESME_RINVSRCADR
  0x0b, // ESME_RINVDSTADR
  0x43, // ESME_RINVESMCLASS
  0x48, // ESME_RINVSRCTON
  0x49, // ESME_RINVSRCNPI
  0x50, // ESME_RINVDSTTON
  0x51, // ESME_RINVDSTNPI
  0x104, // ESME_RINVDCS
]);

const STATUS_NAMES = new Map(Object.entries(smpp.errors).map(([name, value]) => [value, name]));

/** A command_status as operators read it: its name in the specification and its number. */
export function statusName(status: number): string {
  return `${STATUS_NAMES.get(status) ?? 'unknown status'} (0x${status.toString(16).padStart(8, '0')})`;
}

export type SmppClient = ReturnType<typeof createSmppClient>;

export function createSmppClient(options: SmppClientOptions) {
  const { gateway, log } = options;
  const where = `${gateway.host}:${gateway.port}`;
  const enquireLinkMs = options.enquireLinkMs ?? 30_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;
  const reconnectDelayMs = options.reconnectDelayMs ?? ((n: number) => Math.min(1_000 * 2 ** (n - 1), 300_000));
  let session: Session | null = null;
  let binding: Promise<Session> | null = null;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let keepalive: NodeJS.Timeout | null = null;
  let closed = false;
  /** Submits waiting for their answer: rejected at once when the connection drops. */
  const waiting = new Set<(error: DeliveryError) => void>();

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      bind().catch(() => undefined);
    }, reconnectDelayMs(failures));
    reconnectTimer.unref();
  }

  /** Asks the SMSC something and waits for the answer, at most `responseTimeoutMs`. */
  function request(bound: Session, command: 'submit_sm' | 'enquire_link', fields: Record<string, unknown>) {
    return new Promise<PDU>((resolve, reject) => {
      const settle = (error: DeliveryError | null, pdu?: PDU) => {
        clearTimeout(timer);
        waiting.delete(settle);
        if (error) reject(error);
        else resolve(pdu!);
      };
      const timer = setTimeout(
        () => settle(new DeliveryError(`the SMSC did not answer the ${command} within ${responseTimeoutMs} ms`)),
        responseTimeoutMs,
      );
      waiting.add(settle);
      const sent = bound[command](fields, (pdu) => settle(null, pdu));
      if (!sent) settle(new DeliveryError('the connection to the SMSC is closed'));
    });
  }

  function startKeepalive(bound: Session) {
    keepalive = setInterval(() => {
      // No answer in time: the link is dead though TCP has not noticed; a new session replaces it.
      request(bound, 'enquire_link', {}).catch(() => {
        // A drop fails the enquire_link too: the close has said so and is reconnecting already.
        if (session !== bound) return;
        log.warn({ smsc: where }, 'sms: the SMSC did not answer enquire_link; reconnecting');
        bound.destroy();
      });
    }, enquireLinkMs);
    keepalive.unref();
  }

  async function answerDeliverSm(bound: Session, pdu: PDU) {
    const receipt = deliveryReceiptOf(pdu);
    if (!receipt) {
      // A message from a phone (nobody reads replies) or a receipt this parser cannot read.
      if (isDeliveryReceipt(pdu)) log.warn({ smsc: where }, 'sms: a delivery receipt without id or stat; ignored');
      bound.send(pdu.response());
      return;
    }
    try {
      await options.onReceipt(receipt);
      bound.send(pdu.response());
    } catch (error) {
      log.warn({ smsc: where, messageId: receipt.messageId, error: String(error) }, 'sms: receipt not recorded');
      bound.send(pdu.response({ command_status: smpp.errors.ESME_RSYSERR }));
    }
  }

  /** The session's life once bound: what the SMSC asks, and what happens when it goes away. */
  function attach(bound: Session) {
    session = bound;
    failures = 0;
    startKeepalive(bound);
    bound.on('deliver_sm', (pdu: PDU) => void answerDeliverSm(bound, pdu));
    bound.on('enquire_link', (pdu: PDU) => bound.send(pdu.response()));
    bound.on('unbind', (pdu: PDU) => {
      bound.send(pdu.response());
      bound.close();
    });
    bound.on('close', () => {
      if (keepalive) clearInterval(keepalive);
      keepalive = null;
      if (session === bound) session = null;
      for (const settle of [...waiting])
        settle(new DeliveryError('the connection to the SMSC dropped before it answered'));
      if (!closed) {
        log.warn({ smsc: where }, 'sms: SMPP session closed; reconnecting');
        scheduleReconnect();
      }
    });
  }

  /** Connects and binds as a transceiver; one attempt at a time, shared by whoever asks meanwhile. */
  function bind(): Promise<Session> {
    if (session) return Promise.resolve(session);
    if (binding) return binding;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    binding = new Promise<Session>((resolve, reject) => {
      const opened = smpp.connect({ host: gateway.host, port: gateway.port });
      let settled = false;
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opened.destroy();
        reject(new DeliveryError(reason));
      };
      const timer = setTimeout(() => fail(`the SMSC at ${where} did not answer the bind in time`), responseTimeoutMs);
      // Errors come before `close`; the close after a failed bind is this attempt's, not a bound session's.
      opened.on('error', (error: NodeJS.ErrnoException) =>
        fail(`cannot reach the SMSC at ${where}: ${error.code ?? error.message}`),
      );
      opened.on('close', () => fail(`the SMSC at ${where} closed the connection before the bind`));
      opened.on('connect', () => {
        opened.bind_transceiver(
          { system_id: gateway.systemId, password: gateway.password, interface_version: 0x34 },
          (pdu) => {
            if (pdu.command_status !== 0) {
              fail(`the SMSC at ${where} refused the bind: ${statusName(pdu.command_status)}`);
              return;
            }
            settled = true;
            clearTimeout(timer);
            opened.removeAllListeners('close');
            // From now on an error only precedes the close, which reconnects.
            opened.removeAllListeners('error');
            opened.on('error', () => undefined);
            if (closed) {
              opened.destroy();
              reject(new DeliveryError('SMS transport closed'));
              return;
            }
            attach(opened);
            log.info({ smsc: where, systemId: gateway.systemId }, 'sms: SMPP session bound');
            resolve(opened);
          },
        );
      });
    });
    binding.then(
      () => {
        binding = null;
      },
      (error: DeliveryError) => {
        binding = null;
        log.warn({ smsc: where, error: error.message }, 'sms: SMPP bind failed; will try again');
        scheduleReconnect();
      },
    );
    return binding;
  }

  /** Submits one SMS asking for a delivery receipt; resolves with the SMSC's message_id. */
  async function submit(to: string, text: string): Promise<string> {
    if (closed) throw new DeliveryError('SMS transport closed');
    const bound = await bind();
    const resp = await request(bound, 'submit_sm', {
      ...source(gateway.source),
      ...destination(to),
      ...smsBody(text),
      registered_delivery: smpp.consts.REGISTERED_DELIVERY.FINAL,
    });
    if (resp.command_status !== 0) {
      const status = resp.command_status;
      throw new DeliveryError(`the SMSC refused the SMS: ${statusName(status)}`, PERMANENT_STATUSES.has(status));
    }
    const id = typeof resp.message_id === 'string' ? resp.message_id : '';
    if (!id) throw new DeliveryError('the SMSC accepted the SMS without a message_id');
    return id;
  }

  return {
    /** Binds in the background (receipts come in on the session even when nothing is sent). */
    start() {
      bind().catch(() => undefined);
    },
    submit,
    /** Unbinds politely (waiting a moment for the answer), then closes. */
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (keepalive) clearInterval(keepalive);
      await binding?.catch(() => undefined);
      const bound = session;
      if (!bound) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => bound.destroy(() => resolve()), 2_000);
        timer.unref();
        bound.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        if (!bound.unbind(() => bound.close())) bound.destroy();
      });
    },
  };
}

/** The outbox's SMS transport over an SMPP client. */
export function smppTransport(client: SmppClient, gateway: SmsGatewayConfig): OutboxTransport {
  return {
    description: `SMPP ${gateway.host}:${gateway.port}`,
    async send(message) {
      return { providerMessageId: await client.submit(message.recipient, message.text) };
    },
    close: () => client.close(),
  };
}
